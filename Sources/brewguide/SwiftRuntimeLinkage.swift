#if os(Linux)
import Glibc
#endif

/// Whether this binary carries the Swift runtime (built with `--static-swift-stdlib`) or loads it
/// as `libswiftCore.so` from a toolchain: read off the running process, from the files mapped into
/// it (`/proc/self/maps`, read line by line: it has no size to read up to; Glibc's Swift module
/// does not show `dladdr` or `dl_iterate_phdr`).
enum SwiftRuntimeLinkage {
    /// "static Swift runtime" or "shared Swift runtime", as `--version` says it.
    static var described: String {
        #if os(Linux)
        guard let maps = fopen("/proc/self/maps", "r") else { return "unknown Swift runtime" }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, maps) > 0 {
            if let line, strstr(line, "/libswiftCore.so") != nil { return "shared Swift runtime" }
        }
        return "static Swift runtime"
        #else
        return "shared Swift runtime"
        #endif
    }
}
