/// The `Content-Type` a file is served with, chosen by its extension.
enum ContentType {
    /// The media type for a file name; `application/octet-stream` when unknown.
    static func forFile(named fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else {
            return "application/octet-stream"
        }
        let fileExtension = fileName[fileName.index(after: dot)...].lowercased()
        return typesByExtension[fileExtension] ?? "application/octet-stream"
    }

    /// Whether a response of this type is a page that gets the live-reload script.
    static func isHTML(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/html")
    }

    static let html = "text/html; charset=utf-8"

    private static let typesByExtension: [String: String] = [
        "html": html,
        "htm": html,
        "md": "text/markdown; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "xml": "application/xml",
        "atom": "application/atom+xml",
        "ics": "text/calendar; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "pdf": "application/pdf",
        "csv": "text/csv; charset=utf-8",
        "webmanifest": "application/manifest+json",
    ]
}
