#!/usr/bin/env python3
"""The bytes a traced D-Bus client sent and received on its bus socket, from strace's log.

Usage: strace -f -xx -s 65536 -e trace=connect,sendmsg,recvmsg,sendto,recvfrom,writev,readv,write,read \
           -o LOG CLIENT ...
       strace_stream.py LOG FD PREFIX      -> PREFIX.out (sent) and PREFIX.in (received), raw bytes
Only calls on FD after its connect() to an AF_UNIX socket count (the same number was a file before)."""
import re
import sys

log, fd, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
sent, received = bytearray(), bytearray()
connected = False
for line in open(log):
    if re.search(r"connect\(" + fd + r", \{sa_family=AF_UNIX", line):
        connected = True
        continue
    m = re.search(r"(sendmsg|recvmsg|sendto|recvfrom|writev|readv|write|read)\(" + fd + r", (.*)\) = (-?\d+)", line)
    if not connected or not m or int(m.group(3)) <= 0:
        continue
    data = bytearray()
    for chunk in re.findall(r'"((?:\\x[0-9a-f]{2})*)"', m.group(2)):
        data += bytes.fromhex(chunk.replace("\\x", ""))
    (sent if m.group(1) in ("sendmsg", "sendto", "writev", "write") else received).extend(data[:int(m.group(3))])
open(prefix + ".out", "wb").write(sent)
open(prefix + ".in", "wb").write(received)
print(len(sent), len(received))
