#!/usr/bin/env python3
"""The layout rules of src/ (docs/architecture.md, "Layers"), checked on the
sources and on a build's objects:

1. no cycle of calls between files: an edge A -> B when A's object uses a
   symbol (a function or data) that B's object defines (nm);
2. no cycle of includes;
3. the folders of src/ and of src/server/ in their order: a file uses (calls
   or includes) only its own folder and the folders below it;
4. a folder's internal header (*_internal.h) is included only from its own
   folder;
5. no source, test or fuzz file over 800 lines;
6. no cycle of imports between the page's modules (web/js: static imports
   and dynamic import() alike, since either runs the other's code).

usage: scripts/check_layout.py BUILD_DIR   (e.g. build/asan, after make)
Prints one line per rule broken and "check_layout: N passed, N failed".
"""
import collections
import os
import re
import subprocess
import sys

MAX_LINES = 800
# Bottom to top. A folder may use those at its left; folders in one tuple
# are siblings and may not use each other.
LAYERS = ['src/core', 'src/games', 'src/ai', 'src/front', ('src/protocol', 'src/server', 'src/capi', 'src/wasm'), 'src/cli']
SERVER_LAYERS = ['src/server/base', 'src/server/store', 'src/server/rooms', 'src/server/hub',
                 ('src/server/serve', 'src/server/api'), 'src/server/http']
SIZE_ROOTS = ['src', 'tests', 'fuzz', 'bench', 'web', 'python', 'scripts']
SIZE_ENDINGS = ('.c', '.h', '.js', '.mjs', '.py', '.sh', '.css', '.html')


def rank(path, layers):
    """The layer index of path, and the layer's name; None when outside."""
    for i, layer in enumerate(layers):
        for name in (layer if isinstance(layer, tuple) else (layer,)):
            if path == name + '.c' or path == name + '.h' or path.startswith(name + '/'):
                return i, name
    return None


def symbol_edges(build):
    defs, uses, seen = {}, collections.defaultdict(set), set()
    # obj/: the static libraries and the binary; pic/: libmorph.so's objects (src/capi among them)
    objects = []
    for objdir in (os.path.join(build, 'obj'), os.path.join(build, 'pic')):
        for dp, _, fn in os.walk(os.path.join(objdir, 'src')):
            objects += [(objdir, os.path.join(dp, f)) for f in sorted(fn) if f.endswith('.o')]
    for objdir, obj in objects:
        src = os.path.relpath(obj, objdir)[:-2] + '.c'
        if not os.path.exists(src) or src in seen:
            continue  # an object of a file removed since, or read already
        seen.add(src)
        out = subprocess.run(['nm', obj], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in 'TDBRCV':
                defs.setdefault(parts[2], src)
            elif len(parts) == 2 and parts[0] == 'U':
                uses[src].add(parts[1])
    edges = collections.defaultdict(dict)
    for src, syms in uses.items():
        for s in syms:
            d = defs.get(s)
            if d and d != src:
                edges[src].setdefault(d, s)
    return edges


def include_edges():
    edges = collections.defaultdict(dict)
    for dp, _, fn in os.walk('src'):
        for f in fn:
            if not f.endswith(('.c', '.h')):
                continue
            path = os.path.join(dp, f)
            with open(path, encoding='utf-8') as fh:
                for m in re.finditer(r'^\s*#\s*include\s+"([^"]+)"', fh.read(), re.M):
                    target = os.path.normpath(os.path.join(dp, m.group(1)))
                    edges[path][target] = '#include'
    return edges


def page_import_edges():
    """web/js/A.js -> web/js/B.js for each `from './B.js'` or `import('./B.js')`."""
    edges = collections.defaultdict(dict)
    folder = os.path.join('web', 'js')
    for f in sorted(os.listdir(folder)):
        if not f.endswith('.js'):
            continue
        path = os.path.join(folder, f)
        with open(path, encoding='utf-8') as fh:
            text = fh.read()
        for m in re.finditer(r"""(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\./[^'"]+)['"]""", text, re.M):
            target = os.path.normpath(os.path.join(folder, m.group(1)))
            kind = 'import()' if 'import' in m.group(0) and '(' in m.group(0) else 'import'
            edges[path].setdefault(target, kind)
    return edges


def cycles(edges):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(100000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in list(edges):
        if v not in index:
            visit(v)
    return out


def main():
    if len(sys.argv) != 2 or not os.path.isdir(os.path.join(sys.argv[1], 'obj', 'src')):
        sys.exit('usage: scripts/check_layout.py BUILD_DIR (a build with BUILD_DIR/obj/src, e.g. build/asan)')
    build = sys.argv[1]
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    passed, failed = 0, 0

    def check(broken, what):
        nonlocal passed, failed
        if broken:
            failed += 1
            print(f'{what}:')
            for line in broken:
                print('   ', line)
        else:
            passed += 1

    calls, includes = symbol_edges(build), include_edges()
    for edges, kind in ((calls, 'calls'), (includes, 'includes')):
        check([' -> '.join(c) + '  (' + '; '.join(f'{a} -> {b} ({edges[a][b]})' for a in c for b in c
                                                   if b in edges[a]) + ')'
               for c in cycles(edges)], f'cycles of {kind} between files')
        for layers, where in ((LAYERS, 'src/'), (SERVER_LAYERS, 'src/server/')):
            wrong = []
            for a, targets in sorted(edges.items()):
                ra = rank(a, layers)
                for b, why in sorted(targets.items()):
                    rb = rank(b, layers)
                    if ra and rb and ra[1] != rb[1] and rb[0] >= ra[0]:
                        wrong.append(f'{a} -> {b} ({why}): {ra[1]} may not use {rb[1]}')
            check(wrong, f'{kind} against the order of the folders of {where}')
    page = page_import_edges()
    check([' -> '.join(c) + '  (' + '; '.join(f'{a} -> {b} ({page[a][b]})' for a in c for b in c if b in page[a]) + ')'
           for c in cycles(page)], "cycles of imports between the page's modules")
    check([f'{a} includes {b}' for a, t in sorted(includes.items()) for b in t
           if b.endswith('_internal.h') and os.path.dirname(a) != os.path.dirname(b)],
          "internal headers included from another folder")
    big = []
    for root in SIZE_ROOTS:
        for dp, dn, fn in os.walk(root):
            dn[:] = [d for d in dn if d not in ('node_modules', '__pycache__', 'corpus', 'regressions')]
            for f in fn:
                if f.endswith(SIZE_ENDINGS) or f == 'Makefile':
                    path = os.path.join(dp, f)
                    with open(path, encoding='utf-8', errors='replace') as fh:
                        n = sum(1 for _ in fh)
                    if n > MAX_LINES:
                        big.append(f'{path}: {n} lines')
    check(big, f'files over {MAX_LINES} lines')
    print(f'check_layout: {passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
