import BrewData
import BrewKit
import Foundation

/// A recipe's photo kept beside it in the data directory: `kitchen/images/<id>.<ext>` (or
/// `<id>-2.<ext>` … when taken, never over a file) and its small copy for the grid
/// (`KitchenThumbnail.gridPath`, `GridImage`), so a clipped or imported recipe looks right opened
/// from disk. Used by `kitchen clip` (the page's photo, downloaded) and `kitchen import` (the
/// photo an app's export holds).
public enum KitchenPhotoFiles {
    /// The most a downloaded photo may be.
    public static let maximumBytes = 20_000_000

    /// `kitchen/images/<id>.<ext>`, or `<id>-2.<ext>` … when the photo or its grid copy is there.
    public static func freePath(for id: String, fileExtension: String, root: String) -> String {
        var number = 1
        while true {
            let relative = "kitchen/images/\(id)\(number == 1 ? "" : "-\(number)").\(fileExtension)"
            let taken = [relative, KitchenThumbnail.gridPath(for: relative)].contains {
                FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent($0))
            }
            if !taken { return relative }
            number += 1
        }
    }

    /// Writes the photo at `relative` and its grid copy beside it; the full paths written (to
    /// remove if the recipe cannot be written). A grid copy libgd cannot make is left out: the
    /// grid then shows the photo itself.
    public static func write(_ photo: AppRecipe.Photo, to relative: String, root: String) throws(CommandError) -> [String] {
        let full = (root as NSString).appendingPathComponent(relative)
        let grid = (root as NSString).appendingPathComponent(KitchenThumbnail.gridPath(for: relative))
        for path in [full, grid] where FileManager.default.fileExists(atPath: path) {
            throw CommandError.file(path, "already exists; nothing was written")
        }
        var written: [String] = []
        do {
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(photo.bytes, to: full)
            written.append(full)
            if let small = GridImage.copy(of: photo) {
                try AtomicFile.write(small, to: grid)
                written.append(grid)
            }
        } catch {
            remove(written)
            throw CommandError.file(full, "cannot write the photo: \(CommandError.from(error).reason); nothing was written")
        }
        return written
    }

    public static func remove(_ paths: [String]) {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Downloads a clipped page's photo (`PageFetcher`, bounded) and writes it for recipe `id`;
    /// the photo's path in the data directory and the files written. An answer that is not an
    /// image libgd reads (JPEG, PNG, WebP, GIF) is refused.
    /// - Parameter page: the address the person typed for the page (nil for a saved page or a
    ///   caption): the photo may be on this machine or its network only at that same place.
    public static func download(_ url: String, id: String, root: String, page: String?,
                                fetch: (@Sendable (String) async -> Result<[UInt8], CommandError>)? = nil) async -> Result<(path: String, written: [String]), CommandError> {
        let fetch = fetch ?? { await PageFetcher.fetchBytes($0, accept: "image/*", maximumBytes: maximumBytes, origin: .page(typed: page)) }
        let bytes: [UInt8]
        switch await fetch(url) {
        case .success(let got): bytes = got
        case .failure(let error): return .failure(error)
        }
        guard let photo = AppRecipe.Photo.sniffing(bytes), GridImage.size(of: photo) != nil else {
            return .failure(CommandError("\(url): not a JPEG, PNG, WebP or GIF image that can be read"))
        }
        let relative = freePath(for: id, fileExtension: photo.fileExtension, root: root)
        do {
            return .success((relative, try write(photo, to: relative, root: root)))
        } catch {
            return .failure(error)
        }
    }
}
