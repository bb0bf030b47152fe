"""What one frame to N sockets costs in send() calls, from 1 to 4 threads (server/mancala_server/fanout.py).

    python -m benchmarks.send_threads [--sockets 1000] [--size 300] [--rounds 20]

N loopback TCP connections; a reader process drains them with epoll (as spectators'
clients would, on the same machine), or does not read at all (--idle-reader). Each round
writes one frame of --size bytes to every socket, split over 1..4 threads (os.write
releases the GIL during the system call), and the table shows the time of a round and
per socket, with the writer's and the reader's CPU per frame. On loopback a send() also
does the receiving side's TCP work, which is why it costs more than over a network.
"""

from __future__ import annotations

import argparse
import os
import resource
import select
import socket
import time
from concurrent.futures import ThreadPoolExecutor


def reader(listen_port: int, n: int, idle: bool, done: int) -> None:
    """The far ends: connect n sockets, then read whatever arrives (or not), until the
    writer closes its end of the `done` pipe."""
    socks = [socket.create_connection(("127.0.0.1", listen_port)) for _ in range(n)]
    ep = select.epoll()
    ep.register(done, select.EPOLLIN)
    if not idle:
        for s in socks:
            s.setblocking(False)
            ep.register(s.fileno(), select.EPOLLIN)
    frames, received, r0 = 0, 0, resource.getrusage(resource.RUSAGE_SELF)
    while True:
        for fd, _ in ep.poll():
            if fd == done:
                r1 = resource.getrusage(resource.RUSAGE_SELF)
                cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
                if not idle:
                    print(f"reader: {frames:,} reads, {received:,} bytes, "
                          f"{cpu / max(frames, 1) * 1e6:.1f} us of CPU a read")
                os._exit(0)
            try:
                received += len(os.read(fd, 1 << 16))
                frames += 1
            except BlockingIOError:
                pass


def send_share(fds: list[int], data: bytes) -> None:
    for fd in fds:
        os.write(fd, data)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sockets", type=int, default=1000)
    ap.add_argument("--size", type=int, default=300, help="bytes in a frame")
    ap.add_argument("--rounds", type=int, default=20, help="frames to every socket, per thread count")
    ap.add_argument("--pause", type=float, default=0.2, help="seconds between rounds (the reader drains)")
    ap.add_argument("--idle-reader", action="store_true", help="the far ends do not read")
    args = ap.parse_args()

    listener = socket.create_server(("127.0.0.1", 0), backlog=args.sockets)
    counts = [1, 2, 3, 4]
    done_r, done_w = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(done_w)
        reader(listener.getsockname()[1], args.sockets, args.idle_reader, done_r)
    os.close(done_r)
    socks = [listener.accept()[0] for _ in range(args.sockets)]
    for s in socks:
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.setblocking(False)
    fds = [s.fileno() for s in socks]
    data = b"x" * args.size
    time.sleep(0.5)

    print(f"{args.sockets:,} sockets, {args.size}-byte frames, {args.rounds} rounds each; "
          f"reader {'idle' if args.idle_reader else 'reading'}; CPUs {len(os.sched_getaffinity(0))}")
    print(f"{'threads':>7} {'round p50':>10} {'round min':>10} {'per socket':>11} {'CPU/frame':>10}")
    for threads in counts:
        pool = ThreadPoolExecutor(threads)
        shares = [fds[i::threads] for i in range(threads)]
        times: list[float] = []
        cpu0 = time.process_time()
        for _ in range(args.rounds):
            t0 = time.perf_counter()
            list(pool.map(send_share, shares, [data] * threads))
            times.append(time.perf_counter() - t0)
            time.sleep(args.pause)
        cpu = time.process_time() - cpu0
        pool.shutdown()
        times.sort()
        p50 = times[len(times) // 2]
        print(f"{threads:>7} {p50 * 1e3:>8.1f} ms {times[0] * 1e3:>7.1f} ms {p50 / args.sockets * 1e6:>8.1f} us "
              f"{cpu / (args.rounds * args.sockets) * 1e6:>7.1f} us")
    os.close(done_w)  # the reader reports and ends
    os.waitpid(child, 0)


if __name__ == "__main__":
    main()
