#!/usr/bin/python3
"""The Debian packages PACKAGE... bring with them and what they take on disk.

    Scripts/dependency-closure.py libgd3 libcmark0.30.2
    Scripts/dependency-closure.py --deb dist/brewguide_0.1.0_amd64.deb

Follows Depends and Pre-Depends (not Recommends), taking the first alternative of an "A | B",
through what provides a virtual package, with the sizes (Installed-Size) of apt's candidates. It
prints every package of that closure with its size, largest first, and the sum (libc6 and the
like included: a minimal Debian has them already, so compare two closures by their difference). docs/INSTALL.md's measure of
libgd's weight is this, with and without libgd3. Needs Debian's python3 with python3-apt.
"""
import subprocess
import sys

import apt_pkg

apt_pkg.init()
cache = apt_pkg.Cache(progress=None)
records = apt_pkg.PackageRecords(cache)
policy = apt_pkg.Policy(cache)
policy.init_defaults()
depcache = apt_pkg.DepCache(cache)

arguments = sys.argv[1:]
if arguments[:1] == ["--deb"]:
    depends = subprocess.run(["dpkg-deb", "-f", arguments[1], "Depends"], capture_output=True, text=True, check=True).stdout
    arguments = [part.split("(")[0].strip() for part in depends.split(",") if part.strip()]


def candidate(name):
    """The version apt would install of `name`, or of the first package that provides it."""
    try:
        package = cache[name]
    except KeyError:
        return None
    version = depcache.get_candidate_ver(package)
    if version is None and package.provides_list:
        version = package.provides_list[0][2]
    return version


seen = {}
pending = list(arguments)
while pending:
    name = pending.pop()
    version = candidate(name)
    if version is None or version.parent_pkg.name in seen:
        continue
    seen[version.parent_pkg.name] = version
    for kind in ("Depends", "PreDepends"):
        for alternatives in version.depends_list.get(kind, []):
            pending.append(alternatives[0].target_pkg.name)

closure = sorted(((v.installed_size, n) for n, v in seen.items()), reverse=True)
print(f"{len(closure)} packages, {sum(size for size, _ in closure) / 1048576:.1f} MiB installed")
for size, name in closure:
    print(f"  {size / 1024:8.0f} KiB  {name}")
