#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps a request's percent-encoded path to a file inside the site directory,
/// or says why it may not be served.
///
/// The site directory and the file are resolved with `realpath` on every
/// request, because a build may swap the whole directory in between, and a
/// file is served only if its real path lies inside the site's real path; so a
/// symbolic link pointing out of the site is refused.
struct SitePathResolver: Sendable {
    /// What a request path comes to.
    enum Resolution: Equatable {
        /// A regular file inside the site, by its real path.
        case file(realPath: String)
        /// A directory asked for without the trailing slash; redirect so that
        /// its pages' relative links resolve.
        case directoryWithoutSlash
        /// Nothing there (or the site directory itself is missing).
        case notFound
        /// A path that tries to leave the site: `..`, an encoded slash or NUL,
        /// or a symbolic link that resolves outside.
        case forbidden
        /// Not an origin-form path at all (`http://…`, `*`, undecodable escapes).
        case badRequest
    }

    /// The site directory as given; resolved anew for each request.
    let siteDirectory: String

    /// Resolves `percentEncodedPath`, the path part of the request target.
    func resolve(percentEncodedPath: String) -> Resolution {
        guard percentEncodedPath.hasPrefix("/") else { return .badRequest }
        var segments: [String] = []
        for encodedSegment in percentEncodedPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = String(encodedSegment).removingPercentEncoding else { return .badRequest }
            if segment == ".." || segment.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" }) {
                return .forbidden
            }
            if segment.isEmpty || segment == "." { continue }
            segments.append(segment)
        }

        guard let siteRealPath = Self.realPath(of: siteDirectory) else { return .notFound }
        let candidate = ([siteRealPath] + segments).joined(separator: "/")
        guard let candidateRealPath = Self.realPath(of: candidate) else { return .notFound }
        guard Self.path(candidateRealPath, isInside: siteRealPath) else { return .forbidden }

        switch Self.kind(ofFileAt: candidateRealPath) {
        case .regularFile:
            return .file(realPath: candidateRealPath)
        case .directory:
            guard percentEncodedPath.hasSuffix("/") else { return .directoryWithoutSlash }
            guard let indexRealPath = Self.realPath(of: candidateRealPath + "/index.html") else { return .notFound }
            guard Self.path(indexRealPath, isInside: siteRealPath) else { return .forbidden }
            return Self.kind(ofFileAt: indexRealPath) == .regularFile ? .file(realPath: indexRealPath) : .notFound
        case .other:
            return .notFound
        }
    }

    /// Whether `path` is `directory` or lies below it (both real paths).
    private static func path(_ path: String, isInside directory: String) -> Bool {
        let directoryPrefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path == directory || path.hasPrefix(directoryPrefix)
    }

    /// The canonical absolute path, with every symbolic link resolved; nil if
    /// something on the way does not exist.
    private static func realPath(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private enum FileKind { case regularFile, directory, other }

    private static func kind(ofFileAt path: String) -> FileKind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .other }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .directory
        default: return .other
        }
    }
}
