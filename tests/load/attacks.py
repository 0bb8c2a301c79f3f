#!/usr/bin/env python3
"""The attacks of docs/web.md ("Security model", "Attacks measured") against a
morph serve on loopback, each from addresses 127.0.0.2 and up while a client
from 127.0.0.1 (another address) measures what it gets. Not part of make
test: tests/cli/test_serve_attacks.sh runs short forms of the same attacks.

    tests/load/attacks.py MORPH ATTACK [options] [-- SERVE_FLAGS...]

ATTACK is one of:
  slow     slow headers: ADDRS addresses x CONNS connections, each sending one
           header byte every INTERVAL s (and opening again when closed), for
           DURATION s; 127.0.0.1 asks for / and /api/games every second
  hints    one address asks hints in GAMES games against the AI (each hint's
           move played, then the next hint) for DURATION s; 127.0.0.1 signs
           in with the right password SIGNINS times meanwhile
  logins   ADDRS addresses x 10 wrong sign-ins (4 at once each, asking again
           after a 429) for DURATION s at most; 127.0.0.1 signs in with the
           right password SIGNINS times meanwhile
  lockout  127.0.0.2 gives 5 wrong passwords for alice, then one every
           INTERVAL s, for DURATION s; alice signs in from 127.0.0.1 with the
           browser she signed up with and from a fresh one, each every 13 s
  streams  ADDRS addresses x CONNS live streams of one game; then a new
           watcher from 127.0.0.1 and the game's player open theirs

The server is started on a free port with a fresh database and the flags
after "--"; every loop ends by itself. Figures are printed at the end.
Attack only loopback addresses: they need no set-up on Linux.
"""
import argparse
import asyncio
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HOST = '127.0.0.1'
PASSWORD = 'alice: a long pass phrase'


def attacker(i):
    """The i-th attacking address (0 is 127.0.0.2)."""
    n = i + 2
    return f'127.0.{n // 256}.{n % 256}' if n >= 256 else f'127.0.0.{n}'


class Server:
    def __init__(self, morph, flags):
        self.dir = tempfile.mkdtemp(prefix='morph-attacks-')
        os.makedirs(f'{self.dir}/web')
        with open(f'{self.dir}/web/index.html', 'w') as f:
            f.write('<!doctype html><title>morph</title>\n')
        self.out = open(f'{self.dir}/out', 'w+')
        self.proc = subprocess.Popen([morph, 'serve', '--port', '0', '--db', f'{self.dir}/morph.db', '--web',
                                      f'{self.dir}/web', '--ai-threads', '1'] + flags,
                                     stdout=self.out, stderr=subprocess.STDOUT)
        for _ in range(500):
            self.out.seek(0)
            m = re.search(r'^Open http://127\.0\.0\.1:(\d+)/', self.out.read(), re.M)
            if m:
                self.port = int(m.group(1))
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.02)
        self.out.seek(0)
        sys.exit('attacks: the server did not start: ' + self.out.read())

    def stop(self):
        """Stops the server (SIGTERM): its exit code, its output shown when not 0."""
        self.proc.terminate()
        try:
            code = self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = 'killed: it did not stop within 30 s'
        if code != 0:
            self.out.seek(0)
            print(f'attacks: the server exited with {code}:\n{self.out.read()[-4000:]}', file=sys.stderr)
        shutil.rmtree(self.dir, ignore_errors=True)
        return code


def call(port, method, path, body=None, source=HOST, headers=None, timeout=5.0):
    """One request on a new connection: (status or 'timeout'/'error', seconds, body, response headers)."""
    t0 = time.monotonic()
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout, source_address=(source, 0))
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h['Content-Type'] = 'application/json'
    try:
        conn.request(method, path, body=data, headers=h)
        r = conn.getresponse()
        text = r.read().decode('utf-8', 'replace')
        return r.status, time.monotonic() - t0, text, r.getheaders()
    except (TimeoutError, OSError) as e:
        kind = 'timeout' if isinstance(e, TimeoutError) or 'timed out' in str(e) else 'error'
        return kind, time.monotonic() - t0, '', []
    finally:
        conn.close()


def cookies(headers):
    """name=value of each Set-Cookie."""
    out = {}
    for k, v in headers:
        if k.lower() == 'set-cookie':
            pair = v.split(';', 1)[0]
            name, _, value = pair.partition('=')
            out[name] = value
    return out


def percentile(values, p):
    if not values:
        return float('nan')
    s = sorted(values)
    return s[min(len(s) - 1, int(p / 100 * len(s)))]


def summary(name, results):
    """results: (status, seconds) pairs."""
    lat = [t for s, t in results if isinstance(s, int)]
    codes = {}
    for s, _ in results:
        codes[s] = codes.get(s, 0) + 1
    print(f'{name}: {len(results)} requests, statuses {dict(sorted(codes.items(), key=str))}; '
          f'latency p50 {percentile(lat, 50) * 1000:.0f} ms, p99 {percentile(lat, 99) * 1000:.0f} ms, '
          f'max {max(lat, default=float("nan")) * 1000:.0f} ms')


def sign_up(port, name, source=HOST):
    s, _, text, h = call(port, 'POST', '/api/accounts', {'name': name, 'password': PASSWORD}, source=source)
    if s != 201:
        sys.exit(f'attacks: sign-up of {name} answered {s}: {text}')
    return cookies(h)


def sign_in(port, name=None, password=PASSWORD, source=HOST, jar=None):
    h = {}
    if jar:  # a browser: its cookies, and its Origin with them
        h['Cookie'] = '; '.join(f'{k}={v}' for k, v in jar.items())
        h['Origin'] = f'http://{HOST}:{port}'
    s, t, _, rh = call(port, 'POST', '/api/login', {'name': name or 'alice', 'password': password}, source=source,
                       headers=h)
    if jar is not None and s == 200:
        jar.update(cookies(rh))
    return s, t


# ---- slow headers ----

async def slow_connection(port, source, interval, until, stats):
    while time.monotonic() < until:
        try:
            r, w = await asyncio.open_connection(HOST, port, local_addr=(source, 0))
        except OSError:
            stats['refused'] += 1
            await asyncio.sleep(1)
            continue
        stats['opened'] += 1
        try:
            w.write(b'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ')
            await w.drain()
            while time.monotonic() < until:
                try:
                    got = await asyncio.wait_for(r.read(4096), timeout=interval)
                except asyncio.TimeoutError:
                    w.write(b'a')
                    await w.drain()
                    continue
                stats['closed' if not got else 'answered'] += 1
                break
        except (OSError, ConnectionError):
            stats['closed'] += 1
        w.close()
        await asyncio.sleep(1)


def run_slow(port, args):
    stats = {'opened': 0, 'refused': 0, 'closed': 0, 'answered': 0}
    until = time.monotonic() + args.duration

    async def all_of_them():
        await asyncio.gather(*(slow_connection(port, attacker(a), args.interval, until, stats)
                               for a in range(args.addrs) for _ in range(args.conns)))

    t = threading.Thread(target=lambda: asyncio.run(all_of_them()))
    t.start()
    time.sleep(min(5, args.duration / 4))  # the connections are up
    results = []
    paths = ['/', '/api/games']
    while time.monotonic() < until - 1:
        s, dt, _, _ = call(port, 'GET', paths[len(results) % 2], timeout=5)
        results.append((s, dt))
        time.sleep(max(0, 1 - dt))
    t.join()
    print(f'slow headers: {args.addrs} addresses x {args.conns} connections, a byte every {args.interval} s, '
          f'{args.duration} s: attackers opened {stats["opened"]} connections, the server closed {stats["closed"]} '
          f'and answered {stats["answered"]}, {stats["refused"]} connects refused')
    summary('  127.0.0.1 GET / and /api/games', results)


# ---- hints against sign-ins ----

def new_game(port, source):
    s, _, text, _ = call(port, 'POST', '/api/games', {
        'game': 'morphos', 'options': {'size': 13},
        'seats': [{'kind': 'human', 'mine': True}, {'kind': 'ai', 'level': 'random'}]}, source=source)
    if s != 201:
        return None
    doc = json.loads(text)
    return doc['id'], doc['seats'][0]['token']


def hint_loop(port, source, until, counts, lock):
    game = None
    while time.monotonic() < until:
        if not game:
            game = new_game(port, source)
            if not game:
                time.sleep(1)
                continue
        gid, token = game
        s, _, text, _ = call(port, 'POST', f'/api/games/{gid}/hint', {}, source=source,
                             headers={'X-Seat-Token': token}, timeout=10)
        with lock:
            counts[s] = counts.get(s, 0) + 1
        if s == 200:
            action = json.loads(text)['action']
            a, _, _, _ = call(port, 'POST', f'/api/games/{gid}/actions', {'action': action}, source=source,
                              headers={'X-Seat-Token': token})
            if a == 409 or a == 422:
                game = None
        elif s == 409 and 'over' in text:
            game = None
        elif s == 429:
            time.sleep(0.05)


def run_hints(port, args):
    sign_up(port, 'alice')
    # the same sign-ins before the flood: what this machine gives them now
    calm = [sign_in(port) for _ in range(3)]
    until = time.monotonic() + args.duration
    counts, lock = {}, threading.Lock()
    threads = [threading.Thread(target=hint_loop, args=(port, attacker(0), until, counts, lock))
               for _ in range(args.games)]
    for t in threads:
        t.start()
    time.sleep(min(2, args.duration / 5))
    results = []
    gap = (args.duration - 3) / max(1, args.signins)
    for _ in range(args.signins):
        results.append(sign_in(port))
        time.sleep(gap)
    for t in threads:
        t.join()
    print(f'hints: {args.games} games of 127.0.0.2 asking hints for {args.duration} s: '
          f'{sum(counts.values())} hint requests, statuses {dict(sorted(counts.items(), key=str))}')
    summary('  127.0.0.1 correct sign-ins before the flood', calm)
    summary('  127.0.0.1 correct sign-ins during the flood', results)


# ---- a burst of sign-ins ----

def run_logins(port, args):
    """Each attacking address makes its 10 wrong sign-ins of the minute (the
    per-address limit) as fast as the server takes them, 4 at once, asking
    again after a 429 that says the server is busy. Alice signs in from the
    browser she signed up with, and from a fresh one."""
    jar = sign_up(port, 'alice')
    jar.pop('morph_session', None)
    until = time.monotonic() + args.duration
    results, burst = [], {}
    lock = threading.Lock()
    done = [0] * args.addrs

    def wrong(a, k):
        while time.monotonic() < until:
            with lock:
                if done[a] >= 10:
                    return
            s, _ = sign_in(port, f'user{a}x{k}', 'not the password at all', source=attacker(a))
            with lock:
                burst[s] = burst.get(s, 0) + 1
                if s != 429:
                    done[a] += 1
            if s == 429:
                time.sleep(0.2)

    threads = [threading.Thread(target=wrong, args=(a, k)) for a in range(args.addrs) for k in range(4)]
    for t in threads:
        t.start()
    time.sleep(0.5)
    gap = (args.duration - 1) / max(1, args.signins)
    fresh = []
    for _ in range(args.signins):
        results.append(sign_in(port, jar=jar))
        fresh.append(sign_in(port, jar={}))
        time.sleep(gap)
    for t in threads:
        t.join()
    print(f'logins: {args.addrs} addresses x 10 wrong sign-ins, 4 at once each, asking again after 429 '
          f'({args.duration} s at most): {sum(burst.values())} requests, statuses {dict(sorted(burst.items(), key=str))}')
    summary('  alice from 127.0.0.1, the browser she signed up with', results)
    summary('  alice from 127.0.0.1, a fresh browser', fresh)


# ---- a name locked out ----

def run_lockout(port, args):
    jar = sign_up(port, 'alice')
    jar.pop('morph_session', None)
    until = time.monotonic() + args.duration
    wrong = {}

    def attack():
        tries = 0
        while time.monotonic() < until:
            s, _ = sign_in(port, 'alice', 'not the password at all', source=attacker(0))
            wrong[s] = wrong.get(s, 0) + 1
            tries += 1
            if tries >= 5:  # five at once first, then one every INTERVAL
                time.sleep(args.interval)

    t = threading.Thread(target=attack)
    t.start()
    time.sleep(1)
    known, fresh = [], []
    while time.monotonic() < until - 1:
        # her browser (its cookies kept, as a browser keeps them), then a fresh
        # one, each every 13 s: within the 5 attempts a minute of her own
        known.append(sign_in(port, jar=jar))
        time.sleep(6.5)
        fresh.append(sign_in(port, jar={}))
        time.sleep(6.5)
    t.join()
    print(f'lockout: wrong passwords for alice from 127.0.0.2 (5, then one every {args.interval} s, '
          f'{args.duration} s): statuses {dict(sorted(wrong.items(), key=str))}')
    summary('  alice from 127.0.0.1, the browser she signed up with', known)
    summary('  alice from 127.0.0.1, a fresh browser', fresh)


# ---- live streams ----

async def open_stream(port, source, path, held, token=None):
    """Opens a stream; its status, the connection kept in held while it is 200."""
    try:
        r, w = await asyncio.open_connection(HOST, port, local_addr=(source, 0))
        extra = f'X-Seat-Token: {token}\r\n' if token else ''
        w.write(f'GET {path} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n{extra}\r\n'.encode())
        await w.drain()
        line = await asyncio.wait_for(r.readline(), 5)
        status = int(line.split()[1]) if line.startswith(b'HTTP/') else 'error'
    except (OSError, ConnectionError, asyncio.TimeoutError, ValueError, IndexError):
        return 'error'
    if status == 200:
        held.append(w)
    else:
        w.close()
    return status


def run_streams(port, args):
    s, _, text, _ = call(port, 'POST', '/api/games', {
        'game': 'morphos', 'options': {'size': 9},
        'seats': [{'kind': 'human', 'mine': True}, {'kind': 'human', 'mine': True}]}, source='127.0.0.250')
    doc = json.loads(text)
    gid, token = doc['id'], doc['seats'][0]['token']
    path = f'/api/games/{gid}/events'

    async def go():
        held, codes = [], {}
        for a in range(args.addrs):
            got = await asyncio.gather(*(open_stream(port, attacker(a), path, held) for _ in range(args.conns)))
            for s in got:
                codes[s] = codes.get(s, 0) + 1
        mine = []
        watcher = await open_stream(port, HOST, path, mine)
        player = await open_stream(port, '127.0.0.251', path, mine, token)
        lobby = await open_stream(port, '127.0.0.252', '/api/lobby/events', mine)
        for w in held + mine:
            w.close()
        return codes, watcher, player, lobby

    codes, watcher, player, lobby = asyncio.run(go())
    print(f'streams: {args.addrs} addresses x {args.conns} streams of one game: statuses '
          f'{dict(sorted(codes.items(), key=str))}; then a new watcher from 127.0.0.1: {watcher}, '
          f'the player from 127.0.0.251: {player}, the lobby from 127.0.0.252: {lobby}')


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('morph')
    p.add_argument('attack', choices=['slow', 'hints', 'logins', 'lockout', 'streams'])
    p.add_argument('--addrs', type=int, default=40)
    p.add_argument('--conns', type=int, default=70)
    p.add_argument('--interval', type=float, default=10)
    p.add_argument('--duration', type=float, default=170)
    p.add_argument('--games', type=int, default=5)
    p.add_argument('--signins', type=int, default=6)
    argv = sys.argv[1:]
    cut = argv.index('--') if '--' in argv else len(argv)
    args = p.parse_args(argv[:cut])
    args.serve_flags = argv[cut + 1:]
    if args.addrs > 240:
        sys.exit('attacks: at most 240 addresses (127.0.0.2 to 127.0.0.241)')
    srv = Server(args.morph, args.serve_flags)
    try:
        {'slow': run_slow, 'hints': run_hints, 'logins': run_logins, 'lockout': run_lockout,
         'streams': run_streams}[args.attack](srv.port, args)
    finally:
        code = srv.stop()
    sys.exit(0 if code == 0 else 1)


if __name__ == '__main__':
    main()
