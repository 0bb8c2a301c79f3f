"""The Bot API of `morph serve` (docs/web-api.md, "Bots") and the package's
bot client (morph.bot, python/examples/bot.py), on a server of their own:
tokens (shown once, kept only hashed, listed without the secret, revoked),
scopes (401 unknown or revoked, 403 a scope missing), bot accounts (only
without games, out of quick pairing), challenges (accept, decline with a
reason, cancel, heard on both event streams; takebacks as asked), the game
stream (gameFull, whether takebacks may be offered, then gameState lines
with the moves joined), a move out of turn, a dropped stream coming back
whole; then two bots of the package playing each other
to the end of a Morphos 5x5 game and of a Morpyam game, their streams cut
once in the middle."""
import http.client
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse

import pytest

import morph
import morph.bot
from conftest import MORPH, ROOT


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bots")
    (tmp / "web").mkdir()
    (tmp / "web" / "index.html").write_text("<!doctype html><title>morph</title>")
    out = open(tmp / "out", "w")
    proc = subprocess.Popen([MORPH, "serve", "--port", "0", "--db", str(tmp / "morph.db"), "--web", str(tmp / "web"),
                             "--ai-threads", "1", "--accounts-per-hour", "100"],  # the tests' accounts, one address
                            stdout=out, stderr=subprocess.DEVNULL)
    try:
        found = None
        for _ in range(1000):
            found = re.search(r"127\.0\.0\.1:(\d+)", (tmp / "out").read_text())
            if found:
                break
            assert proc.poll() is None, "morph serve stopped"
            time.sleep(0.02)
        assert found, "morph serve did not start"
        yield {"url": "http://127.0.0.1:" + found.group(1), "port": int(found.group(1)), "db": tmp / "morph.db"}
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        out.close()


def request(server, method, path, body=None, cookie=None, token=None):
    """(status, answer JSON) of one request; a cookie request carries the page's Origin."""
    conn = http.client.HTTPConnection("127.0.0.1", server["port"], timeout=30)
    headers = {"Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
        headers["Origin"] = server["url"]
    if token:
        headers["Authorization"] = "Bearer " + token
    conn.request(method, path, json.dumps(body) if body is not None else None, headers)
    reply = conn.getresponse()
    data = reply.read()
    cookies = reply.getheader("Set-Cookie") or ""
    conn.close()
    answer = json.loads(data) if data else None
    return reply.status, answer, cookies


names = iter("bot%02d" % i for i in range(100))


def account(server, scopes=("bot:play",), bot=True):
    """A new account signed in, a token of scopes, upgraded to a bot: (name, cookie, token)."""
    name = next(names)
    status, _, cookies = request(server, "POST", "/api/accounts", {"name": name, "password": "a long password"})
    assert status == 201
    cookie = re.search(r"morph_session=[^;]*", cookies).group(0)
    status, made, _ = request(server, "POST", "/api/tokens", {"description": "test", "scopes": list(scopes)},
                              cookie=cookie)
    assert status == 201, made
    if bot:
        status, up, _ = request(server, "POST", "/api/bot/account/upgrade", cookie=cookie)
        assert (status, up) == (200, {"ok": True, "title": "BOT"})
    return name, cookie, made["token"]


def lines(server, path, token, count, timeout=30):
    """The first count non-empty lines of an ndjson stream (then it is dropped)."""
    conn = http.client.HTTPConnection("127.0.0.1", server["port"], timeout=timeout)
    conn.request("GET", path, headers={"Authorization": "Bearer " + token})
    reply = conn.getresponse()
    assert reply.status == 200 and reply.getheader("Content-Type") == "application/x-ndjson"
    got = []
    while len(got) < count:
        line = reply.readline()
        assert line, "the stream ended after %r" % got
        if line.strip():
            got.append(json.loads(line))
    conn.close()
    return got


class Stream:
    """An ndjson stream held open: next() is its next non-empty line."""

    def __init__(self, server, path, token):
        self.conn = http.client.HTTPConnection("127.0.0.1", server["port"], timeout=30)
        self.conn.request("GET", path, headers={"Authorization": "Bearer " + token})
        self.reply = self.conn.getresponse()
        assert self.reply.status == 200

    def next(self, timeout=30):
        self.conn.sock.settimeout(timeout)
        while True:
            line = self.reply.readline()
            assert line, "the stream ended"
            if line.strip():
                return json.loads(line)

    def close(self):
        self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


def test_tokens_scopes_and_revocation(server):
    name, cookie, token = account(server, scopes=("challenge:write",), bot=False)
    status, me, _ = request(server, "GET", "/api/account", token=token)
    assert (status, me["username"], me["title"]) == (200, name, None)
    # listed without the secret; the secret never stored in the clear
    status, listed, _ = request(server, "GET", "/api/tokens", cookie=cookie)
    assert status == 200 and len(listed["tokens"]) == 1 and "token" not in listed["tokens"][0]
    assert listed["tokens"][0]["scopes"] == ["challenge:write"]
    db = sqlite3.connect(server["db"])
    dump = "\n".join(db.iterdump())
    db.close()
    assert token not in dump and token[6:] not in dump
    # a token cannot make tokens; a missing scope is 403, an unknown token 401
    assert request(server, "POST", "/api/tokens", {"scopes": ["bot:play"]}, token=token)[0] == 403
    status, refused, _ = request(server, "POST", "/api/bot/account/upgrade", token=token)
    assert status == 403 and "bot:play" in refused["error"]
    assert request(server, "GET", "/api/account", token="morph_" + "a" * 40)[0] == 401
    assert request(server, "GET", "/api/account", token="not a token")[0] == 401
    # bad bodies name what was expected
    status, bad, _ = request(server, "POST", "/api/tokens", {"scopes": ["root"]}, cookie=cookie)
    assert status == 400 and "bot:play" in bad["error"]
    # revoked: refused at once
    tid = listed["tokens"][0]["id"]
    assert request(server, "DELETE", "/api/tokens/" + tid, cookie=cookie)[:2] == (200, {"id": tid, "revoked": True})
    assert request(server, "GET", "/api/account", token=token)[0] == 401
    assert request(server, "DELETE", "/api/tokens/" + tid, cookie=cookie)[0] == 404


def test_bots_upgrade_and_quick_pairing(server):
    name, cookie, token = account(server)
    assert request(server, "GET", "/api/account", token=token)[1]["title"] == "BOT"
    status, refused, _ = request(server, "POST", "/api/lobby/quick", {"game": "morphos"}, token=token)
    assert status == 403 and "bots" in refused["error"]
    # an account that played cannot become a bot
    person, pcookie, ptoken = account(server, scopes=("board:play", "challenge:write"), bot=False)
    _, made, _ = request(server, "POST", "/api/challenge/" + name, {"game": "morphos", "options": {"size": 5}},
                         token=ptoken)
    status, accepted, _ = request(server, "POST", "/api/challenge/%s/accept" % made["id"], token=token)
    assert status == 200
    status, refused, _ = request(server, "POST", "/api/bot/account/upgrade", cookie=pcookie)
    assert status == 409 and "never played" in refused["error"]
    # the person plays through the Board API (board:play), not the bot's door
    game = accepted["gameId"]
    full = lines(server, "/api/board/game/stream/" + game, ptoken, 1)[0]
    assert full["type"] == "gameFull" and {p["title"] for p in full["players"]} == {None, "BOT"}
    seat = next(p["seat"] for p in full["players"] if p["username"] == person)
    assert request(server, "GET", "/api/bot/game/stream/" + game, token=ptoken)[0] == 403
    mover = ptoken if seat == 1 else token
    door = "board" if seat == 1 else "bot"
    assert request(server, "POST", "/api/%s/game/%s/move/c3" % (door, game), token=mover)[:2] == (200, {"ok": True})
    assert request(server, "POST", "/api/board/game/%s/resign" % game, token=ptoken)[:2] == (200, {"ok": True})
    assert lines(server, "/api/board/game/stream/" + game, ptoken, 1)[0]["state"]["winner"] == 3 - seat


def test_challenges_and_a_game_call_by_call(server):
    a_name, a_cookie, a = account(server)
    b_name, b_cookie, b = account(server, scopes=("bot:play", "challenge:write"))
    # a declined challenge and a cancelled one, heard by the challenger
    status, c1, _ = request(server, "POST", "/api/challenge/" + a_name, {"game": "morphos", "options": {"size": 5}},
                            token=b)
    assert status == 201 and c1["status"] == "created" and c1["destUser"]["title"] == "BOT"
    # the defaults, as lichess's: a casual game unless asked, and takebacks in a casual game
    assert c1["rated"] is False and c1["takebacks"] is True
    assert request(server, "POST", "/api/challenge/%s/accept" % c1["id"], token=b)[0] == 403  # not the challenged
    status, bad, _ = request(server, "POST", "/api/challenge/%s/decline" % c1["id"], {"reason": "nope"}, token=a)
    assert status == 400 and "tooFast" in bad["error"]
    assert request(server, "POST", "/api/challenge/%s/decline" % c1["id"], {"reason": "later"}, token=a)[0] == 200
    _, c2, _ = request(server, "POST", "/api/challenge/" + a_name, {"game": "morphos"}, token=b)
    assert request(server, "POST", "/api/challenge/%s/cancel" % c2["id"], token=b)[0] == 200
    assert request(server, "POST", "/api/challenge/%s/accept" % c2["id"], token=a)[0] == 404
    assert request(server, "POST", "/api/challenge/nobody", {"game": "morphos"}, token=b)[0] == 404
    # the one accepted: both event streams hear the challenge, then the game's start
    _, c3, _ = request(server, "POST", "/api/challenge/" + a_name,
                       {"game": "morphos", "options": {"size": 5}, "rated": True, "takebacks": True}, token=b)
    assert c3["rated"] is True and c3["takebacks"] is True  # an explicit value is honoured
    heard = []
    listener = threading.Thread(target=lambda: heard.extend(lines(server, "/api/stream/event", a, 2)))
    listener.start()
    for _ in range(200):  # the challenge comes first on a's stream: accept once it is there
        if heard or not listener.is_alive():
            break
        time.sleep(0.02)
    status, accepted, _ = request(server, "POST", "/api/challenge/%s/accept" % c3["id"], token=a)
    assert status == 200
    listener.join(30)
    game = accepted["gameId"]
    assert [e["type"] for e in heard] == ["challenge", "gameStart"] and heard[0]["challenge"]["id"] == c3["id"]
    assert heard[1]["game"]["gameId"] == game and heard[1]["game"]["opponent"]["title"] == "BOT"
    b_events = lines(server, "/api/stream/event", b, 1)  # a new connection: what runs now
    assert b_events[0]["type"] == "gameStart" and b_events[0]["game"]["gameId"] == game
    # the game stream: gameFull with the players and the state
    full = lines(server, "/api/bot/game/stream/" + game, a, 1)[0]
    assert full["type"] == "gameFull" and full["game"] == "morphos" and full["options"]["size"] == 5
    assert full["rated"] is True and full["takebacks"] is True
    assert {p["username"] for p in full["players"]} == {a_name, b_name}
    assert all(p["title"] == "BOT" for p in full["players"])
    assert full["state"]["moves"] == "" and full["state"]["status"] == "started"
    seat = {p["username"]: p["seat"] for p in full["players"]}
    first, second = (a, b) if seat[a_name] == 1 else (b, a)
    # a move out of turn, a move the rules refuse, a token without bot:play, a person's door
    status, refused, _ = request(server, "POST", "/api/bot/game/%s/move/c3" % game, token=second)
    assert status == 403 and "turn" in refused["error"]
    assert request(server, "POST", "/api/bot/game/%s/move/z9" % game, token=first)[0] == 422
    _, other, _ = request(server, "POST", "/api/tokens", {"scopes": ["challenge:write"]},
                          cookie=a_cookie if first == a else b_cookie)
    status, refused, _ = request(server, "POST", "/api/bot/game/%s/move/c3" % game, token=other["token"])
    assert status == 403 and "bot:play" in refused["error"]
    assert request(server, "POST", "/api/board/game/%s/move/c3" % game, token=first)[0] == 403
    assert request(server, "POST", "/api/bot/game/%s/move/c3" % game, token=first)[:2] == (200, {"ok": True})
    # a dropped stream: a new connection's gameFull has every move so far;
    # the other player's stream hears the opponent leave (noticed at the next
    # keep-alive, within 7 s) and come back
    watcher = Stream(server, "/api/bot/game/stream/" + game, first)
    assert watcher.next()["type"] == "gameFull"
    dropped = Stream(server, "/api/bot/game/stream/" + game, second)
    again = dropped.next()
    assert again["state"]["moves"] == "c3" and again["state"]["to_move"] == 2
    dropped.close()
    assert watcher.next(20) == {"type": "opponentGone", "gone": True}
    back = Stream(server, "/api/bot/game/stream/" + game, second)
    assert back.next()["type"] == "gameFull"
    assert watcher.next(20) == {"type": "opponentGone", "gone": False}
    back.close()
    watcher.close()
    # the chat, then a resignation: the last gameState says how it ended
    assert request(server, "POST", "/api/bot/game/%s/chat" % game, {"text": "good game"}, token=second)[0] == 201
    assert request(server, "POST", "/api/bot/game/%s/resign" % game, token=second)[0] == 200
    got = lines(server, "/api/bot/game/stream/" + game, first, 2)
    assert got[1] == {"type": "chatLine", "room": "player", "username": b_name if second == b else a_name,
                      "text": "good game"}
    last = got[0]["state"]
    assert last["status"] == "resign" and last["winner"] == 1


def test_abort_before_both_moved(server):
    a_name, _, a = account(server)
    b_name, _, b = account(server, scopes=("bot:play", "challenge:write"))
    _, c, _ = request(server, "POST", "/api/challenge/" + a_name, {"game": "morphos", "options": {"size": 5}},
                      token=b)
    status, accepted, _ = request(server, "POST", "/api/challenge/%s/accept" % c["id"], token=a)
    assert status == 200
    game = accepted["gameId"]
    full = lines(server, "/api/bot/game/stream/" + game, a, 1)[0]
    seat = {p["username"]: p["seat"] for p in full["players"]}
    first, second = (a, b) if seat[a_name] == 1 else (b, a)
    assert request(server, "POST", "/api/bot/game/%s/move/c3" % game, token=first)[0] == 200
    # one has moved, the other not: either may abort; then the game is over
    assert request(server, "POST", "/api/bot/game/%s/abort" % game, token=second)[:2] == (200, {"ok": True})
    assert request(server, "POST", "/api/bot/game/%s/abort" % game, token=first)[0] == 409
    state = lines(server, "/api/bot/game/stream/" + game, first, 1)[0]["state"]
    assert state["status"] == "aborted" and state["winner"] is None


def test_two_package_bots_play_morphos_and_morpyam(server):
    a_name, _, a = account(server)
    b_name, _, b = account(server, scopes=("bot:play", "challenge:write"))

    def chooser(seed):
        def choose(state):
            return morph.ai.choose(state, "greedy", seed=seed + len(state.history()))
        return choose

    said = []
    bots = [morph.bot.Bot(server["url"], a, chooser(1), log=said.append, retry_s=0.1),
            morph.bot.Bot(server["url"], b, chooser(2), log=said.append, retry_s=0.1)]
    threads = [threading.Thread(target=bot.run) for bot in bots]
    for t in threads:
        t.start()
    try:
        bots[1].client.challenge(a_name, "morphos", {"size": 5})
        bots[1].client.challenge(a_name, "morpyam", {"players": 2})
        deadline = time.time() + 240
        cuts = 0

        def game_stream_dropped():
            return any(re.match(r"game \w+: stream dropped", line) for line in said)

        # cut again while no game's stream was open at a cut (on a loaded
        # machine a game may end, or not have its stream yet, when it comes)
        while time.time() < deadline and min(len(bot.finished) for bot in bots) < 2:
            if cuts < 20 and not game_stream_dropped() and bots[0].running_games():
                time.sleep(0.3)
                for bot in bots:  # as a network would: every stream dropped at once
                    bot.client.close_streams()
                cuts += 1
            time.sleep(0.1)
    finally:
        for bot in bots:
            bot.stop()
        for t in threads:
            t.join(60)
    assert cuts and any("event stream dropped" in line for line in said)
    assert game_stream_dropped(), said
    for bot in bots:
        assert len(bot.finished) == 2, bot.finished
    games = {}
    for game_id, last in bots[0].finished:
        assert last["status"] not in ("started", "created")
        status, state, _ = request(server, "GET", "/api/games/" + game_id)
        assert status == 200 and state["status"] == "finished"
        games[state["game"]] = (state, last)
    assert set(games) == {"morphos", "morpyam"}
    # the moves of the last gameState replay to the server's own end
    for name, (state, last) in games.items():
        replay = morph.load_game(name, state["options"]).new_initial_state()
        for text in last["moves"].split(","):
            replay.apply_text(text)
        assert replay.is_terminal()
        assert len(last["moves"].split(",")) == state["count"]
        assert replay.result()["how"] == last["status"] == state["result"]["how"]


def test_example_bots_play_each_other(server):
    a_name, _, a = account(server, bot=False)
    b_name, _, b = account(server, bot=False)
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    example = os.path.join(ROOT, "python", "examples", "bot.py")
    common = ["--server", server["url"], "--level", "expert", "--level", "greedy", "--games", "1", "--upgrade"]
    waiting = subprocess.Popen([sys.executable, example, "--token", a, *common], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    for _ in range(500):  # its account is a bot before the other challenges it
        if request(server, "GET", "/api/account", token=a)[1]["title"] == "BOT":
            break
        time.sleep(0.02)
    challenger = subprocess.run([sys.executable, example, "--token", b, *common, "--challenge", a_name, "--game",
                                 "morphos", "--options", '{"size":5}'], env=env, capture_output=True, text=True,
                                timeout=240)
    out, err = waiting.communicate(timeout=240)
    assert challenger.returncode == 0 and waiting.returncode == 0, challenger.stderr + err
    assert re.search(r"^challenged %s: \w+$" % a_name, challenger.stdout, re.M)
    assert "accepting challenge" in out
    for text in (out, challenger.stdout):
        assert re.search(r"^game \w+: \w+, winner (seat [12]|none)$", text.splitlines()[-1])
