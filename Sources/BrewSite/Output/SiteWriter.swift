import Foundation

/// Writes a whole site from files in memory, through a `SiteTransaction`: the output directory
/// always holds a complete site, old or new.
public struct SiteWriter: Sendable {
    public let outputDirectory: String

    public init(outputDirectory: String) {
        self.outputDirectory = outputDirectory
    }

    /// Makes the site exactly `files` plus `assets` (source path by path relative to `assets/`).
    @discardableResult
    public func write(_ files: [OutputFile], copying assets: [String: String] = [:]) throws(SiteWriteError) -> SiteTransaction.Report {
        let transaction = try SiteTransaction(outputDirectory: outputDirectory, mode: .replaceAll)
        for file in files { try transaction.put(file) }
        try Self.put(assets, into: transaction)
        return try transaction.commit()
    }

    /// Copies the template assets into the site under `assets/`.
    public static func put(_ assets: [String: String], into transaction: SiteTransaction) throws(SiteWriteError) {
        for (relative, source) in assets.sorted(by: { $0.key < $1.key }) {
            guard let bytes = FileManager.default.contents(atPath: source) else {
                throw SiteWriteError(path: source, reason: "cannot read the asset")
            }
            try transaction.put(OutputFile(path: "assets/" + relative, contents: [UInt8](bytes)))
        }
    }
}
