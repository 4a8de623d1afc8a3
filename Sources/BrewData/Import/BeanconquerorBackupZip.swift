import BrewKit
import Foundation
import ZIPFoundation

/// The app's backup as it leaves the phone: a `.zip` holding `Beanconqueror.json`. The JSON is
/// read from the archive in memory (nothing is unpacked to disk) and then read as any backup.
enum BeanconquerorBackupZip {
    /// The name of the backup's JSON inside the zip.
    static let entryName = "Beanconqueror.json"
    /// The largest backup JSON read, unpacked: as large as a data file may be.
    static let largestEntryBytes: UInt64 = 256 * 1024 * 1024

    static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    /// The bytes of `Beanconqueror.json` inside the zip, or a finding that says what was wrong.
    static func json(in data: Data, path: String) throws(BeanconquerorFile.Failure) -> [UInt8] {
        // ZIPFoundation trusts the offsets a zip gives: one past the end would stop the program.
        if let problem = ZipBounds.problem(in: [UInt8](data)) {
            throw failure("this .zip cannot be read as a zip archive (\(problem)); is it a whole Beanconqueror backup?", path)
        }
        let archive: ZIPFoundation.Archive
        do {
            archive = try ZIPFoundation.Archive(data: data, accessMode: .read)
        } catch {
            throw failure("this .zip cannot be read as a zip archive; is it a whole Beanconqueror backup?", path)
        }
        let entries = Array(archive)
        // The backup keeps the JSON at the top; accept it in a folder too (a zip made by hand).
        guard let entry = archive[entryName] ?? entries.first(where: { ($0.path as NSString).lastPathComponent == entryName }) else {
            let names = entries.prefix(5).map(\.path).joined(separator: ", ")
            throw failure("this .zip holds no \(entryName) (it holds \(names.isEmpty ? "nothing" : ShownText.escaped(names))); is it a Beanconqueror backup?", path)
        }
        let limit = DataFileBytes.sizeText(Int(largestEntryBytes))
        guard entry.uncompressedSize <= largestEntryBytes else {
            throw failure("\(ShownText.escaped(entry.path)) in this .zip unpacks to \(DataFileBytes.sizeText(Int(clamping: entry.uncompressedSize))), more than the \(limit) a data file may be", path)
        }
        // The header's size is the zip's word only: the bytes unpacked are counted as they come,
        // and unpacking stops one chunk past the bound whatever the header said.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(entry.uncompressedSize))
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard UInt64(bytes.count + chunk.count) <= largestEntryBytes else { throw TooLarge() }
                bytes.append(contentsOf: chunk)
            }
        } catch is TooLarge {
            throw failure("\(ShownText.escaped(entry.path)) in this .zip unpacks to more than the \(limit) a data file may be (its header says \(DataFileBytes.sizeText(Int(clamping: entry.uncompressedSize)))); is it the app's backup?", path)
        } catch {
            throw failure("\(ShownText.escaped(entry.path)) in this .zip cannot be unpacked; is the zip whole?", path)
        }
        return bytes
    }

    /// Thrown from the unpacking to stop it at the bound.
    private struct TooLarge: Error {}

    private static func failure(_ message: String, _ path: String) -> BeanconquerorFile.Failure {
        BeanconquerorFile.Failure(diagnostic: .error(message, at: .file(path)))
    }
}
