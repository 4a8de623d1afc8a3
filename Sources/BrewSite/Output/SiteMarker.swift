import Foundation

/// The file that says a folder is a site brewguide built: every build writes it into the site,
/// and a build replaces only a folder that holds it (or an empty one, or none), so that
/// `build --output` pointed at a person's own folder is refused instead of emptying it.
public enum SiteMarker {
    /// The marker's name at the root of the site (hidden, like `.nojekyll`).
    public static let fileName = ".brewguide-site"

    /// What the marker holds: a line for a person who finds it.
    public static let contents = Array("This folder is a site built by brewguide. `brewguide build` replaces everything in it; keep your own files elsewhere.\n".utf8)

    /// Why `directory` may not be replaced by a site, or nil when it may: it does not exist, is an
    /// empty folder, or holds the marker.
    /// - Parameter role: what the folder is to the build, for the message ("the output", "the staging copy").
    public static func refusal(toReplace directory: String, role: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return "\(role) is a file, not a folder; nothing was replaced" }
        if FileManager.default.fileExists(atPath: directory + "/" + fileName) { return nil }
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            return "\(role) cannot be listed, so it cannot be told apart from a folder of your own; nothing was replaced"
        }
        if entries.isEmpty { return nil }
        let count = entries.count
        return "\(role) is a folder brewguide did not build (it has \(count) entr\(count == 1 ? "y" : "ies") and no \(fileName) file); a build replaces only an empty folder or a site it built. Choose a new --output folder, or empty this one yourself if nothing in it is yours"
    }
}
