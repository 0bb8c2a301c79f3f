"""A bot of a morph server that plays with an AI level of the package
(docs/python.md, "Writing a bot"): it accepts every challenge to a game one
of its levels plays, plays its games (several at once), and runs until
Ctrl-C.

    python3 python/examples/bot.py --server http://127.0.0.1:8080 --token morph_... --level expert

--level may come several times (the first that plays a game plays it:
`--level expert --level mcts` plays Morpyam with expert and Morphos with
mcts); a challenge to a game no level plays is declined. --upgrade makes
the token's account a bot first (an account without games); --challenge
NAME challenges another account (with --game and --options); --games N
stops after N games played to the end.
"""
import argparse
import json
import sys

import morph
import morph.bot


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="the server's URL, e.g. http://127.0.0.1:8080")
    parser.add_argument("--token", required=True, help="a personal API token with the scope bot:play")
    parser.add_argument("--level", action="append", help="an AI level (several: the first that plays a game)")
    parser.add_argument("--ms", type=int, default=200, help="thinking time of a level that thinks for a time")
    parser.add_argument("--upgrade", action="store_true", help="make the account a bot first")
    parser.add_argument("--challenge", metavar="NAME", help="challenge this account once connected")
    parser.add_argument("--game", default="morphos", help="the game of --challenge")
    parser.add_argument("--options", default="{}", help="its options as JSON, e.g. '{\"size\":5}'")
    parser.add_argument("--games", type=int, default=0, help="stop after this many games (0: never)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the levels' random choices")
    args = parser.parse_args()
    levels = args.level or ["expert", "greedy"]

    def level_of(game):
        known = {entry["level"]: entry for entry in morph.ai.levels(game)}
        return next((known[level] for level in levels if level in known), None)

    moves = [0]

    def choose(state):
        level = level_of(state.get_game().name)
        params = {"ms": args.ms} if level.get("default_ms") else {}
        moves[0] += 1
        return morph.ai.choose(state, level["level"], seed=args.seed + moves[0], **params)

    def accept(challenge):
        return level_of(challenge["game"]) is not None

    if args.upgrade:
        morph.bot.Client(args.server, args.token).upgrade()
    bot = morph.bot.Bot(args.server, args.token, choose, accept=accept)
    if args.challenge:
        made = bot.client.challenge(args.challenge, args.game, json.loads(args.options))
        print("challenged %s: %s" % (args.challenge, made["id"]), flush=True)
    bot.log = lambda line: print(line, flush=True)
    bot.run(until=(lambda b: len(b.finished) >= args.games) if args.games else None)
    for game_id, last in bot.finished:
        winner = last.get("winner")
        print("game %s: %s, winner %s" % (game_id, last["status"], "seat %d" % winner if winner else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
