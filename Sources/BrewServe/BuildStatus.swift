/// The outcome of the latest build, as the preview server tells it to browsers.
///
/// `generation` identifies a build attempt; give every attempt (or at least
/// every good build) a new, larger number. A page remembers the generation of
/// the last good build when it was served and reloads when a `built` status
/// with a different generation arrives.
public enum BuildStatus: Sendable, Equatable {
    /// A good build: the site directory holds its output, and open pages reload.
    case built(generation: Int, summary: String)
    /// The last rebuild failed: the site directory still holds the last good
    /// build, and open pages show an overlay with these diagnostics (one per
    /// line, `path:line:column: error: message`).
    case failed(generation: Int, diagnostics: String)

    /// The build attempt this status describes.
    public var generation: Int {
        switch self {
        case .built(let generation, _), .failed(let generation, _):
            return generation
        }
    }
}
