#!/usr/bin/env python3
"""Watch latency at scale, as `brewbench run --watch-edits N` measures it, without the rest of a run.

Copies a journal (read only) to /dev/shm, starts `brewguide watch` on it, and after its first
build edits one log's note in N month files spread over the journal (written to a hidden file
beside and renamed over, as an editor saves), each GAP seconds after the previous edit's page
appeared; it times each edit until the log's page on disk holds the new text (polled every 1 ms,
as `WatchLatencyProbe` does). With --gap 0 each edit waits for the previous rebuild to end.
Prints the latencies, their median and range; deletes the copies.

    Benchmarks/watch-probe.py --binary .build/release/brewguide --data Benchmarks/work/data-100000 --edits 10 --gap 0.3
"""
import argparse, os, re, shutil, signal, statistics, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument('--binary', required=True)
parser.add_argument('--data', required=True, help='a journal, e.g. made by `brewbench generate --logs 100000`; only read')
parser.add_argument('--edits', type=int, default=10)
parser.add_argument('--gap', type=float, default=0.3, help='seconds after a page appeared before the next edit; 0: after the rebuild line')
parser.add_argument('--work', default='/dev/shm', help='where the copy of the journal and the site go')
parser.add_argument('--tag', default=str(os.getpid()))
arguments = parser.parse_args()

data = os.path.join(arguments.work, f'watch-probe-data-{arguments.tag}')
site = os.path.join(arguments.work, f'watch-probe-site-{arguments.tag}')
staging = os.path.join(arguments.work, f'.watch-probe-site-{arguments.tag}.staging')

def clean():
    for path in (data, site, staging):
        shutil.rmtree(path, ignore_errors=True)

clean()
shutil.copytree(arguments.data, data)
output = tempfile.NamedTemporaryFile('w+', suffix='.out', delete=False)
errors = tempfile.NamedTemporaryFile('w+', suffix='.err', delete=False)
started = time.time()
watcher = subprocess.Popen([arguments.binary, 'watch', '--data', data, '--output', site], stdout=output, stderr=errors)

def lines():
    with open(output.name) as file:
        return file.read().splitlines()

def rebuilds():
    return sum(1 for line in lines() if line.startswith('rebuilt') or 'build failed' in line)

try:
    while not any(line.startswith('watching') for line in lines()):
        if watcher.poll() is not None:
            sys.exit('watch ended: ' + open(errors.name).read()[-2000:])
        time.sleep(0.05)
    print(f'first build and staging copy: {time.time() - started:.1f} s', flush=True)
    time.sleep(1)
    files = sorted(name for name in os.listdir(os.path.join(data, 'logs')) if not name.startswith('.'))
    targets = [files[len(files) * (k + 1) // (arguments.edits + 1)] for k in range(arguments.edits)]
    latencies = []
    for number, name in enumerate(targets):
        path = os.path.join(data, 'logs', name)
        text = open(path).read()
        match = re.search(r'"id": "([^"]+)",(?:(?!\n  \}).)*?"note": "', text, re.S)
        log_id = match.group(1)
        marker = f'probe{number}x{int(time.time() * 1000) % 100000}'
        page = os.path.join(site, 'logs', log_id[4:8], log_id[8:10], log_id + '.html')
        before = rebuilds()
        temporary = os.path.join(data, 'logs', '.' + name + '.tmp')
        with open(temporary, 'w') as file:
            file.write(text[:match.end()] + marker + ' ' + text[match.end():])
        start = time.time()
        os.rename(temporary, path)
        while True:
            try:
                if marker in open(page).read():
                    break
            except FileNotFoundError:
                pass
            if time.time() - start > 60:
                sys.exit(f'no page with the edit after 60 s: {page}')
            time.sleep(0.001)
        latencies.append((time.time() - start) * 1000)
        if arguments.gap > 0:
            time.sleep(arguments.gap)
        else:
            while rebuilds() <= before:
                time.sleep(0.005)
            time.sleep(0.3)
    print(f'edit -> page ms: {[round(x) for x in latencies]}')
    print(f'median {statistics.median(latencies):.0f} ms, range {min(latencies):.0f}-{max(latencies):.0f} ms')
finally:
    if watcher.poll() is None:
        watcher.send_signal(signal.SIGINT)
        watcher.wait()
    sys.stderr.write(''.join(line + '\n' for line in lines() if line.startswith('rebuilt'))[-3000:])
    clean()
    os.unlink(output.name)
    os.unlink(errors.name)
