import BrewData
import Foundation
import ZIPFoundation

/// Unpacks zips (nested ones too) and gzip in memory, counting every byte actually unpacked
/// against the import's budget: an entry's declared size is checked first and then never trusted.
/// macOS's `__MACOSX/` copies, `._` resource forks and `.DS_Store` are left out.
enum AppArchive {
    static func isZip(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) }
    static func isGzip(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x1F, 0x8B]) }

    /// Files that are no recipe's: left out of every folder and archive.
    static func isClutter(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return path.hasPrefix("__MACOSX/") || path.contains("/__MACOSX/") || name.hasPrefix("._") || name == ".DS_Store" || name == "Thumbs.db"
    }

    /// The files in a zip, each zip inside it unpacked in turn (up to the nesting depth), by path.
    static func files(inZip bytes: [UInt8], path: String, meter: AppImportMeter, depth: Int = 1) throws(AppImportFailure) -> [AppImportFile] {
        guard depth <= meter.budget.maximumNestingDepth else {
            throw AppImportFailure(path, "a zip nested more than \(meter.budget.maximumNestingDepth) deep; not read")
        }
        // ZIPFoundation trusts the offsets a zip gives: one past the end would stop the program.
        if let problem = ZipBounds.problem(in: bytes) { throw AppImportFailure(path, "cannot be read as a zip archive: \(problem)") }
        let archive: ZIPFoundation.Archive
        do {
            archive = try ZIPFoundation.Archive(data: Data(bytes), accessMode: .read, pathEncoding: .utf8)
        } catch {
            throw AppImportFailure(path, "cannot be read as a zip archive; is it whole?")
        }
        var found: [AppImportFile] = []
        for entry in archive where entry.type == .file && !isClutter(entry.path(using: .utf8)) && !isClutter(entry.path) {
            // Zips made on a Mac hold UTF-8 names without saying so.
            let utf8Name = entry.path(using: .utf8)
            let entryPath = path + "/" + (utf8Name.isEmpty ? entry.path : utf8Name)
            try meter.countFile(entryPath)
            let entryBytes = try unpack(entry, of: archive, path: entryPath, meter: meter)
            if isZip(entryBytes) {
                found += try files(inZip: entryBytes, path: entryPath, meter: meter, depth: depth + 1)
            } else {
                found.append(AppImportFile(path: entryPath, bytes: entryBytes))
            }
        }
        return found
    }

    /// One entry's bytes, stopped as soon as more come out than a file may hold.
    static func unpack(_ entry: Entry, of archive: ZIPFoundation.Archive, path: String, meter: AppImportMeter) throws(AppImportFailure) -> [UInt8] {
        let limit = meter.budget.maximumFileBytes
        if entry.uncompressedSize > UInt64(limit) {
            throw AppImportFailure(path, "says it unpacks to \(entry.uncompressedSize / 1_048_576) MB, more than the \(limit / 1_048_576) MB one file may hold; not read")
        }
        var unpacked = UnpackedBytes(path: path, meter: meter, overLimit: "unpacks to more than the \(limit / 1_048_576) MB one file may hold (its size in the zip says less); not read")
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in try unpacked.append(chunk) }
        } catch {
            throw unpacked.stop ?? AppImportFailure(path, "cannot be unpacked (\(error)); is the zip whole?")
        }
        return unpacked.bytes
    }

    /// A gzip stream unpacked (RFC 1952) by zlib (`Gzip`), each piece counted as it comes out.
    static func gunzip(_ bytes: [UInt8], path: String, meter: AppImportMeter) throws(AppImportFailure) -> [UInt8] {
        let limit = meter.budget.maximumFileBytes
        var unpacked = UnpackedBytes(path: path, meter: meter, overLimit: "unpacks to more than the \(limit / 1_048_576) MB one file may hold; not read")
        do {
            try Gzip.unpack(bytes) { piece in try unpacked.append(piece) }
        } catch {
            switch error {
            case .notGzip: throw AppImportFailure(path, "is not a gzip stream")
            case .cutShort: throw AppImportFailure(path, "is a gzip stream cut short")
            case .damaged: throw AppImportFailure(path, "cannot be unpacked as gzip (its data is damaged)")
            case .stopped: throw unpacked.stop ?? AppImportFailure(path, "cannot be unpacked as gzip")
            }
        }
        return unpacked.bytes
    }
}

/// One file's bytes as they are unpacked, stopped at the first piece past what a file may hold or
/// past the import's budget; the reason kept in `stop`, as the unpacker wraps what it is thrown.
struct UnpackedBytes {
    let path: String
    let meter: AppImportMeter
    /// The reason when the file is larger than a file may be.
    let overLimit: String
    var bytes: [UInt8] = []
    var stop: AppImportFailure?

    mutating func append<Piece: Collection>(_ piece: Piece) throws(AppImportFailure) where Piece.Element == UInt8 {
        bytes.append(contentsOf: piece)
        do throws(AppImportFailure) {
            if bytes.count > meter.budget.maximumFileBytes { throw AppImportFailure(path, overLimit) }
            try meter.count(bytes: piece.count, in: path)
        } catch {
            stop = error
            throw error
        }
    }
}
