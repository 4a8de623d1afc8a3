/// Why the preview server is not serving.
public enum PreviewServerError: Error, Equatable, CustomStringConvertible {
    /// The address could not be bound; `reason` is the system's word for it
    /// ("Address already in use").
    case cannotListen(address: String, reason: String)
    /// `run()` has stopped, so there is no port to tell.
    case notListening

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason):
            return "cannot serve on \(address): \(reason)"
        case .notListening:
            return "the preview server is not listening"
        }
    }
}
