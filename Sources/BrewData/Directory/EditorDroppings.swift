/// Files that editors and sync tools leave beside the real ones, which are never data:
/// the same list Hugo's watcher ignores.
public enum EditorDroppings {
    public static func isIgnored(_ name: String) -> Bool {
        if name.hasPrefix(".") { return true }  // .DS_Store, .#lock, .swp files, hidden folders
        if name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".tmp") { return true }
        if name == "4913" || name.hasPrefix(".goutputstream-") { return true }
        if name.hasPrefix("#") && name.hasSuffix("#") { return true }
        if name.hasPrefix("jb_") && name.hasSuffix("___") { return true }
        return false
    }
}
