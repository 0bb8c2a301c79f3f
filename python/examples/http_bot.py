"""A bot that plays a game of Morphos against the random AI of a running
`morph serve`, through its HTTP API (docs/web-api.md), standard library only.

    python3 python/examples/http_bot.py http://127.0.0.1:8080
"""
import json, random, sys, time, urllib.request

base = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"

def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json", **({"X-Seat-Token": token} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(base + path, data, headers, method=method)) as reply:
        return json.load(reply)


created = call("POST", "/api/games", {"game": "morphos", "options": {"size": 5}, "listed": False,
                                      "seats": [{"kind": "human", "mine": True}, {"kind": "ai", "level": "random"}]})
game, token, rng = "/api/games/" + created["id"], created["seats"][0]["token"], random.Random(1)
for _ in range(2000):  # a 5x5 game is over long before
    state = call("GET", game, token=token)
    if state["status"] == "finished":
        break
    if state["viewer"]["to_act"]:  # our turn: one of the legal actions the server lists, with its sentence
        move = rng.choice(state["legal"])
        print(move["text"])
        call("POST", game + "/actions", {"action": move["action"]}, token)
    else:
        time.sleep(0.05)  # the AI is thinking
print(state["result"]["text"].strip())
