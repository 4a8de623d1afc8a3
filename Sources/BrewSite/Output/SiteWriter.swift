import BrewKit
import Foundation

/// Writes a site so that the output directory always holds a complete site: the new files go
/// to a temporary directory beside it, which replaces the old site only once everything is written.
public struct SiteWriter: Sendable {
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "\(path): error: \(reason)" }
    }

    public let outputDirectory: String

    public init(outputDirectory: String) {
        self.outputDirectory = outputDirectory
    }

    /// Writes `files` and copies `assets` (source path by relative path) under `assets/`, then swaps.
    /// - Returns: the number of files written.
    @discardableResult
    public func write(_ files: [OutputFile], copying assets: [String: String] = [:]) throws(WriteError) -> Int {
        let fileManager = FileManager.default
        let target = URL(fileURLWithPath: outputDirectory).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).building-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            if fileManager.fileExists(atPath: staging.path) { try fileManager.removeItem(at: staging) }
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: staging.path, reason: "cannot create the build directory: \(error.localizedDescription)")
        }
        do {
            try writeFiles(files, assets: assets, into: staging)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        try swap(staging, into: target)
        return files.count + assets.count
    }

    private func writeFiles(_ files: [OutputFile], assets: [String: String], into staging: URL) throws(WriteError) {
        let root = staging.path
        // Directories first, once each, then the files on all cores.
        var directories: Set<String> = []
        for file in files { directories.insert((file.path as NSString).deletingLastPathComponent) }
        for relative in assets.keys { directories.insert(("assets/" + relative as NSString).deletingLastPathComponent) }
        for directory in directories.sorted() where !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true)
            } catch {
                throw WriteError(path: root + "/" + directory, reason: "cannot create directory: \(error.localizedDescription)")
            }
        }
        let failures = concurrentMap(files) { file -> String? in
            Self.writeAll(file.contents, to: root + "/" + file.path) ? nil : file.path
        }
        if let failed = failures.compactMap({ $0 }).first {
            throw WriteError(path: root + "/" + failed, reason: "cannot write the file: \(String(cString: strerror(errno)))")
        }
        for (relative, source) in assets.sorted(by: { $0.key < $1.key }) {
            do {
                try FileManager.default.copyItem(atPath: source, toPath: root + "/assets/" + relative)
            } catch {
                throw WriteError(path: source, reason: "cannot copy the asset: \(error.localizedDescription)")
            }
        }
    }

    /// Writes bytes with one `open`/`write`/`close`, the cheapest way to create a file.
    static func writeAll(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Moves the old site aside, the new one in, and removes the old one.
    private func swap(_ staging: URL, into target: URL) throws(WriteError) {
        let fileManager = FileManager.default
        let retired = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)")
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: target.path, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            try? fileManager.removeItem(at: staging)
            throw WriteError(path: target.path, reason: "the output path is a file, not a directory; nothing was replaced")
        }
        if exists {
            if rename(target.path, retired.path) != 0 {
                try? fileManager.removeItem(at: staging)
                throw WriteError(path: target.path, reason: "cannot move the old site aside: \(String(cString: strerror(errno)))")
            }
        }
        if rename(staging.path, target.path) != 0 {
            let reason = String(cString: strerror(errno))
            if exists { _ = rename(retired.path, target.path) }
            throw WriteError(path: target.path, reason: "cannot move the new site into place: \(reason)")
        }
        if exists { try? fileManager.removeItem(at: retired) }
    }
}
