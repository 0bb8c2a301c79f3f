"""Run a bot on a morph server through its Bot API (docs/web-api.md, "Bots";
docs/python.md, "Writing a bot"), with the standard library's HTTP only.

    import morph, morph.bot
    def choose(state):                      # a morph.State, the seat to move is the bot's
        return morph.ai.choose(state, "greedy")
    morph.bot.Bot("http://127.0.0.1:8080", TOKEN, choose).run()

The bot streams its account's events (GET /api/stream/event), accepts the
challenges its filter allows (declining the others with a reason), plays
every game it is in at once (one thread each, following the game stream's
moves on a morph.State of the same game and options), reconnects after a
dropped stream (the server's first lines say everything still running), and
stops cleanly on stop() or KeyboardInterrupt. Each stream is a plain
http.client connection, so stop() can close it from another thread.
"""
import http.client
import json
import socket
import threading
import time
import urllib.parse

from .game import load_game

SILENCE_S = 20  # the server sends a line at least every 7 s: longer silence is a dropped stream


class BotError(Exception):
    """A refusal of the server: status is its HTTP status, message its one-line error."""

    def __init__(self, status, message):
        super().__init__("%s (HTTP %d)" % (message, status))
        self.status = status
        self.message = message


class Client:
    """The Bot API's calls for one token (the server's base URL, e.g.
    http://127.0.0.1:8080). Each call returns the answer's JSON or raises
    BotError; streams are generators of the lines' objects."""

    def __init__(self, server, token, timeout=30):
        url = urllib.parse.urlsplit(server)
        if url.scheme not in ("http", "https") or not url.hostname:
            raise ValueError("server: expects a URL like http://127.0.0.1:8080, got %r" % server)
        self.scheme, self.host, self.port = url.scheme, url.hostname, url.port
        self.token = token
        self.timeout = timeout
        self._lock = threading.Lock()
        self._open = set()  # connections of streams being read, closed by close_streams()

    def _connect(self, timeout):
        kind = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        return kind(self.host, self.port, timeout=timeout)

    def _send(self, conn, method, path, body):
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Authorization": "Bearer " + self.token, "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=headers)
        reply = conn.getresponse()
        if reply.status >= 400:
            text = reply.read().decode("utf-8", "replace")
            try:
                message = json.loads(text)["error"]
            except (ValueError, KeyError, TypeError):
                message = text.strip() or reply.reason
            raise BotError(reply.status, message)
        return reply

    def call(self, method, path, body=None):
        conn = self._connect(self.timeout)
        try:
            return json.loads(self._send(conn, method, path, body).read() or b"{}")
        finally:
            conn.close()

    def stream(self, path, keepalive=False):
        """The objects of an ndjson stream, keep-alive lines skipped (or
        given as None); ends with the stream, raises OSError (or BotError)
        when it drops."""
        conn = self._connect(SILENCE_S)
        with self._lock:
            self._open.add(conn)
        try:
            reply = self._send(conn, "GET", path, None)
            for line in reply:
                line = line.strip()
                if line:
                    yield json.loads(line)
                elif keepalive:
                    yield None
        finally:
            with self._lock:
                self._open.discard(conn)
            conn.close()

    def close_streams(self):
        """Cuts every open stream (their readers see a dropped connection):
        what stop() does, and what a test does to drop the streams."""
        with self._lock:
            conns = list(self._open)
        for conn in conns:
            if conn.sock is not None:
                try:
                    conn.sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    # ---- the calls, by lichess's names ----

    def account(self):
        return self.call("GET", "/api/account")

    def upgrade(self):
        return self.call("POST", "/api/bot/account/upgrade")

    def challenge(self, username, game, options=None, rated=False, clock=None):
        body = {"game": game, "options": options or {}, "rated": rated}
        if clock is not None:
            body["clock"] = clock
        return self.call("POST", "/api/challenge/" + urllib.parse.quote(username, safe=""), body)

    def accept(self, challenge_id):
        return self.call("POST", "/api/challenge/%s/accept" % challenge_id)

    def decline(self, challenge_id, reason="generic"):
        return self.call("POST", "/api/challenge/%s/decline" % challenge_id, {"reason": reason})

    def cancel(self, challenge_id):
        return self.call("POST", "/api/challenge/%s/cancel" % challenge_id)

    def move(self, game_id, action):
        return self.call("POST", "/api/bot/game/%s/move/%s" % (game_id, urllib.parse.quote(action, safe="")))

    def resign(self, game_id):
        return self.call("POST", "/api/bot/game/%s/resign" % game_id)

    def chat(self, game_id, text, room="player"):
        return self.call("POST", "/api/bot/game/%s/chat" % game_id, {"room": room, "text": text})


def accept_all(challenge):
    """The default filter: every challenge (a game of this library)."""
    return True


class Bot:
    """A bot: choose(state) gives the action (a morph.State's action, or
    its text) for the seat to move, which is the bot's; accept(challenge)
    says whether to play a challenge (the event's "challenge" object);
    max_games caps the games played at once (challenges beyond are declined
    with "later"). log(line) hears what happens (print by default)."""

    def __init__(self, server, token, choose, accept=accept_all, max_games=4, log=print, retry_s=1.0):
        self.client = Client(server, token)
        self.choose = choose
        self.accept = accept
        self.max_games = max_games
        self.log = log or (lambda line: None)
        self.retry_s = retry_s
        self.finished = []  # (game id, its last gameState) of the games played to the end
        self._stopping = threading.Event()
        self._games = {}  # game id -> thread
        self._lock = threading.Lock()
        self._until = None
        self.name = None

    def stop(self):
        """Ends run() soon: the streams are cut and the game threads end."""
        self._stopping.set()
        self.client.close_streams()

    def stopped(self):
        return self._stopping.is_set()

    def running_games(self):
        with self._lock:
            return [gid for gid, thread in self._games.items() if thread.is_alive()]

    def run(self, until=None):
        """Plays until stop() (or until(bot) is true, asked after every
        event and keep-alive), reconnecting after every drop."""
        self.name = self.client.account()["username"]
        self._until = until
        try:
            while not self.stopped():
                why = "it ended"
                try:
                    for event in self.client.stream("/api/stream/event", keepalive=True):
                        if event:
                            self._on_event(event)
                        if until and until(self):
                            self.stop()
                        if self.stopped():
                            break
                except (OSError, http.client.HTTPException, ValueError) as err:
                    why = str(err) or type(err).__name__
                if not self.stopped():
                    self.log("event stream dropped (%s): reconnecting" % why)
                    self._stopping.wait(self.retry_s)
                if until and until(self):
                    self.stop()
        except KeyboardInterrupt:
            self.stop()
        finally:
            self.stop()
            for thread in list(self._games.values()):
                thread.join()

    def _on_event(self, event):
        kind = event.get("type")
        if kind == "challenge":
            challenge = event["challenge"]
            if challenge.get("direction") != "in":
                return
            if len(self.running_games()) >= self.max_games:
                self._answer(self.client.decline, challenge["id"], "later")
            elif self.accept(challenge):
                self.log("accepting challenge %s from %s" % (challenge["id"], challenge["challenger"]["name"]))
                self._answer(self.client.accept, challenge["id"])
            else:
                self._answer(self.client.decline, challenge["id"], "generic")
        elif kind == "gameStart":
            self._start_game(event["game"]["gameId"])

    def _answer(self, call, *args):
        try:
            call(*args)
        except BotError as err:  # cancelled or taken meanwhile
            self.log("challenge %s: %s" % (args[0], err.message))

    def _start_game(self, game_id):
        with self._lock:
            thread = self._games.get(game_id)
            if thread and thread.is_alive():
                return
            thread = threading.Thread(target=self._play, args=(game_id,), name="game " + game_id, daemon=True)
            self._games[game_id] = thread
        thread.start()

    def _play(self, game_id):
        """Plays game_id to its end, reconnecting its stream after drops."""
        while not self.stopped():
            why = "it ended before the game"
            try:
                if self._follow(game_id):
                    if self._until and self._until(self):
                        self.stop()  # run() may be waiting for a line: it ends now
                    return
            except (OSError, http.client.HTTPException, ValueError) as err:
                why = str(err) or type(err).__name__
            except BotError as err:
                self.log("game %s: %s" % (game_id, err.message))
                return
            if self.stopped():
                return
            self.log("game %s: stream dropped (%s): reconnecting" % (game_id, why))
            self._stopping.wait(self.retry_s)

    def _follow(self, game_id):
        """One connection of game_id's stream: the state followed, the bot's
        moves made; True once the game is over."""
        state, seats, applied, asked = None, set(), 0, None
        for line in self.client.stream("/api/bot/game/stream/" + game_id):
            if self.stopped():
                return False
            kind = line.get("type")
            if kind == "gameFull":
                state = load_game(line["game"], line["options"]).new_initial_state()
                seats = {p["seat"] for p in line["players"] if p.get("username") == self.name}
                applied, asked = 0, None
                line = line["state"]
            elif kind != "gameState":
                continue
            if line["status"] not in ("started", "created"):
                self.finished.append((game_id, line))
                self.log("game %s: over (%s)" % (game_id, line["status"]))
                return True
            moves = line["moves"].split(",") if line["moves"] else []
            for text in moves[applied:]:
                state.apply_text(text)
            applied = len(moves)
            if line["to_move"] in seats and asked != applied:
                asked = applied  # one move asked for each position
                action = self.choose(state.clone())
                text = action if isinstance(action, str) else state.action_to_string(action)
                try:
                    self.client.move(game_id, text)
                except BotError as err:
                    self.log("game %s: move %s refused: %s" % (game_id, text, err.message))
        return False
