import Foundation

/// Files put straight into the live site, outside a `SiteTransaction`: each is written beside the
/// site first (in `.Site.staging.incoming`, on the same disk) and renamed over its place, so a
/// reader sees the old file or the new one, never part of one, and into the staging copy too when
/// there is one, so the two copies keep holding the same files (also while a rebuild writes into
/// the staging copy and swaps them). `watch` puts the pages of the brews just saved or edited this
/// way (`JournalSite.publishEditedLogPages`), before the rebuild that brings the rest of the site
/// along, which puts the same pages again. It needs no staging copy, so it works while the first
/// one is still being made (that rebuild puts them in the copy).
enum LiveSiteFiles {
    /// Where the files wait for their rename: beside the staging copy, removed with it.
    static func incomingPath(of outputDirectory: String) -> String {
        SiteTransaction.stagingPath(of: outputDirectory) + ".incoming"
    }

    /// Puts `files` into the site at `outputDirectory`, skipping those already holding the same bytes.
    /// - Parameter way: the way these pages reach the site (`SiteWritePath`), recorded once they
    ///   are in place (`SiteWritesTaken`).
    /// - Returns: how many files changed.
    static func put(_ files: [OutputFile], into outputDirectory: String, as way: SiteWritePath) throws(SiteWriteError) -> Int {
        let written = try put(files, into: outputDirectory)
        SiteWritesTaken.record([way], outputDirectory: outputDirectory)
        return written
    }

    private static func put(_ files: [OutputFile], into outputDirectory: String) throws(SiteWriteError) -> Int {
        let output = URL(fileURLWithPath: outputDirectory).standardizedFileURL.path
        let incoming = incomingPath(of: output)
        do {
            try FileManager.default.createDirectory(atPath: incoming, withIntermediateDirectories: true)
        } catch {
            throw SiteWriteError(path: incoming, reason: "cannot create the directory: \(error.localizedDescription)")
        }
        var written = 0
        for (number, file) in files.enumerated() {
            let destination = output + "/" + file.path
            let unchanged = file.withBytes { bytes in
                let existing = open(destination, O_RDONLY | O_CLOEXEC)
                guard existing >= 0 else { return false }
                defer { close(existing) }
                return FileSync.holds(bytes, descriptor: existing)
            }
            if unchanged { continue }
            let directory = (destination as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw SiteWriteError(path: directory, reason: "cannot create the directory: \(error.localizedDescription)")
            }
            let temporary = incoming + "/\(getpid())-\(number)"
            if case .failed(let reason) = file.withBytes({ FileSync.create($0, at: temporary) }) {
                _ = FileSync.removeFile(temporary)
                throw SiteWriteError(path: destination, reason: "cannot write the file: \(reason)")
            }
            guard rename(temporary, destination) == 0 else {
                let reason = String(cString: strerror(errno))
                _ = FileSync.removeFile(temporary)
                throw SiteWriteError(path: destination, reason: "cannot put the file in place: \(reason)")
            }
            written += 1
        }
        let staging = SiteTransaction.stagingPath(of: output)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: staging, isDirectory: &isDirectory), isDirectory.boolValue {
            for file in files {
                let path = staging + "/" + file.path
                try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if case .failed(let reason) = file.withBytes({ FileSync.write($0, to: path) }) {
                    throw SiteWriteError(path: path, reason: "cannot write the file: \(reason)")
                }
            }
        }
        return written
    }
}
