import BrewData
import BrewKit
import Foundation

/// What `kitchen clip` was given, told apart by its form: a URL (http(s), or any other scheme such
/// as `file:` or `ftp:`, which `PageFetcher` refuses in words), `-` (a caption on standard input),
/// a saved page (`.html`, `.htm`, either `.gz`) or any other file (a caption). A file that is
/// there under a name that looks like an address is read as a file.
public enum ClipSource: Sendable, Equatable {
    case url(String)
    case standardInput
    case savedPage(path: String)
    case caption(path: String)

    public init(_ argument: String) {
        let lower = argument.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || (Self.looksLikeAddress(lower) && !FileManager.default.fileExists(atPath: argument)) {
            self = .url(argument)
        } else if argument == "-" {
            self = .standardInput
        } else if [".html", ".htm", ".html.gz", ".htm.gz"].contains(where: lower.hasSuffix) {
            self = .savedPage(path: argument)
        } else {
            self = .caption(path: argument)
        }
    }

    /// The schemes named without `//` that are still addresses, not file names.
    static let addressSchemes: Set<String> = ["file", "ftp", "ftps", "sftp", "scp", "gopher", "dict", "ldap", "ldaps", "tftp", "telnet",
                                              "smb", "smbs", "imap", "imaps", "pop3", "pop3s", "smtp", "smtps", "rtsp", "mqtt", "ws", "wss",
                                              "data", "javascript", "mailto", "about", "ssh", "git"]

    /// `scheme://…`, or `scheme:…` for a scheme of `addressSchemes` (`dict:word`).
    static func looksLikeAddress(_ lower: String) -> Bool {
        guard let colon = lower.firstIndex(of: ":"), colon != lower.startIndex else { return false }
        let scheme = lower[..<colon]
        guard scheme.first!.isASCII, scheme.first!.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }) else { return false }
        return lower[colon...].hasPrefix("://") || addressSchemes.contains(String(scheme))
    }

    /// What a source gave.
    public enum Reading: Sendable {
        /// A recipe (or at least a page's OpenGraph title) was read.
        case read(ClippedRecipe)
        /// Nothing that makes a recipe: why, the first way on (for a cause trying again cannot
        /// mend), and the shell `--keep-source` writes instead.
        case nothingRead(reason: String, wayOn: String, shell: ClippedRecipe)
        /// The page could not be fetched (an inbox entry keeps a shell with its URL).
        case notFetched(CommandError, shell: ClippedRecipe)
        /// The file or stream could not be read at all.
        case unreadable(CommandError)
    }

    /// Reads the source: fetches a URL (`PageFetcher`), reads a saved page or a caption
    /// (`SavedPage`, bounded), and tells a reading with no recipe from one with.
    public func read(fetch: @Sendable (String) async -> Result<String, CommandError> = { await PageFetcher.fetch($0) }) async -> Reading {
        let clipped: ClippedRecipe
        switch self {
        case .url(let url):
            if let refusal = PageFetcher.refusal(for: url) {
                // Trying again cannot help here: say what would.
                return .nothingRead(reason: refusal, wayOn: "Use the page's https:// address", shell: .shell(url: url))
            }
            switch await fetch(url) {
            case .success(let html): clipped = KitchenPageReader.read(html: html, url: url)
            case .failure(let error): return .notFetched(error, shell: .shell(url: url))
            }
        case .standardInput:
            do {
                let data = try SavedPage.bytes(from: FileHandle.standardInput, name: "standard input")
                clipped = KitchenCaptionReader.read(String(decoding: data, as: UTF8.self))
            } catch {
                return .unreadable(CommandError(error.description))
            }
        case .savedPage(let path):
            do { clipped = KitchenPageReader.read(html: try SavedPage.text(atPath: path)) } catch { return .unreadable(CommandError(error.description)) }
        case .caption(let path):
            do { clipped = KitchenCaptionReader.read(try SavedPage.text(atPath: path)) } catch { return .unreadable(CommandError(error.description)) }
        }
        guard clipped.hasRecipe || clipped.readFrom.contains("OpenGraph") else {
            if isCaption {
                return .nothingRead(reason: "no recipe found in the caption (expected a title line, then ingredient lines or numbered steps)",
                                    wayOn: "Add the ingredients or steps to the text", shell: clipped)
            }
            return .nothingRead(reason: "no recipe found (no schema.org Recipe, microdata, ingredient or step lists, OpenGraph title)", wayOn: "Try again later", shell: clipped)
        }
        return .read(clipped)
    }

    public var isCaption: Bool {
        switch self {
        case .standardInput, .caption: true
        case .url, .savedPage: false
        }
    }
}

extension ClippedRecipe {
    /// What is known of a URL that could not be read: its address, and its host as the title.
    public static func shell(url: String) -> ClippedRecipe {
        var clipped = ClippedRecipe()
        clipped.sourceUrl = url
        clipped.title = URL(string: url)?.host
        return clipped
    }
}
