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

    /// A photo written but not yet in place: `kitchen/images/.<name>.pending`, hidden, renamed to
    /// `<name>` once its recipe is written (`commit`). A run stopped before that (`kill -9`) leaves
    /// only such files, which the next `kitchen import` or `kitchen clip` finishes or removes
    /// (`finishInterrupted`): never a photo that no recipe names, and no `-2` copy on the rerun.
    public struct Pending: Sendable {
        /// Each file as written (pending) and where it goes.
        public var moves: [(pending: String, final: String)] = []
        public var pendingPaths: [String] { moves.map(\.pending) }
        public init() {}
    }

    static let pendingSuffix = ".pending"

    /// `.<name>.pending` beside `path`.
    static func pendingPath(for path: String) -> String {
        ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("." + (path as NSString).lastPathComponent + pendingSuffix)
    }

    /// Writes the photo for `relative` and its grid copy, each as a pending file (`Pending`); a
    /// grid copy libgd cannot make is left out: the grid then shows the photo itself. A recipe's
    /// photo wider than `KitchenThumbnail.detailWidthPixels` (1,200 px) is kept at that width, its
    /// height in proportion (as it was imported, a 4,000 px photo weighed on every page view).
    /// Without `gridCopy` (a cook's photo, which no grid shows), only the photo, as given.
    public static func write(_ photo: AppRecipe.Photo, to relative: String, root: String, gridCopy: Bool = true) throws(CommandError) -> Pending {
        let full = (root as NSString).appendingPathComponent(relative)
        let grid = (root as NSString).appendingPathComponent(KitchenThumbnail.gridPath(for: relative))
        for path in [full, grid] where FileManager.default.fileExists(atPath: path) {
            throw CommandError.file(path, "already exists; nothing was written")
        }
        var pending = Pending()
        do {
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let detail = gridCopy ? LibgdMessages.collecting({ GridImage.copy(of: photo, maximumWidth: KitchenThumbnail.detailWidthPixels) }).0 ?? photo.bytes : photo.bytes
            try AtomicFile.write(detail, to: pendingPath(for: full))
            pending.moves.append((pendingPath(for: full), full))
            if gridCopy, let small = LibgdMessages.collecting({ GridImage.copy(of: photo) }).0 {
                try AtomicFile.write(small, to: pendingPath(for: grid))
                pending.moves.append((pendingPath(for: grid), grid))
            }
        } catch {
            remove(pending.pendingPaths)
            throw CommandError.file(full, "cannot write the photo: \(CommandError.from(error).reason); nothing was written")
        }
        return pending
    }

    /// Puts pending photos in place, once their recipe is written (a rename each).
    public static func commit(_ pending: Pending) throws(CommandError) {
        for move in pending.moves where rename(move.pending, move.final) != 0 {
            throw CommandError.file(move.final, "cannot put the photo in place: \(String(cString: strerror(errno)))")
        }
    }

    public static func remove(_ paths: [String]) {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    /// What a stopped import or clip left in `kitchen/images/`: each pending photo whose recipe
    /// was written (the recipe names it, and it is not there) is put in place; any other is
    /// removed. Run under the data directory's lock, before anything is written. The lines to say.
    public static func finishInterrupted(root: String, namedPhotos: Set<String>) -> [String] {
        let folder = (root as NSString).appendingPathComponent("kitchen/images")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var lines: [String] = []
        let pendingNames = names.sorted().filter { $0.hasPrefix(".") && $0.hasSuffix(pendingSuffix) && $0.count > 1 + pendingSuffix.count }
        guard !pendingNames.isEmpty else { return [] }
        // A cook's photo (`kitchen cooked --photo`) is named by its cook log once that is written
        // (read only when a photo was left pending).
        let namedPhotos = namedPhotos.union(CookPhotos.named(root: root))
        for name in pendingNames {
            let finalName = String(name.dropFirst().dropLast(pendingSuffix.count))
            let relative = "kitchen/images/" + finalName
            let pending = (folder as NSString).appendingPathComponent(name)
            let final = (folder as NSString).appendingPathComponent(finalName)
            var isLink = false
            if let type = try? FileManager.default.attributesOfItem(atPath: pending)[.type] as? FileAttributeType { isLink = type != .typeRegular }
            if !isLink, namedPhotos.contains(relative), !FileManager.default.fileExists(atPath: final), rename(pending, final) == 0 {
                lines.append("note: \(relative): a photo left by a stopped import or clip, whose recipe was written, put in place")
            } else if !isLink, unlink(pending) == 0 {
                lines.append("note: \(relative): a photo left by a stopped import or clip, whose recipe was never written, removed")
            }
        }
        return lines
    }

    /// The photo paths recipes name, with each one's grid copy.
    public static func named(by recipes: [KitchenRecipe]) -> Set<String> {
        var named: Set<String> = []
        for recipe in recipes {
            guard let text = recipe.thumbnail, case .file(let path)? = KitchenThumbnail(text) else { continue }
            named.insert(path)
            named.insert(KitchenThumbnail.gridPath(for: path))
        }
        return named
    }

    /// Downloads a clipped page's photo (`PageFetcher`, bounded) and writes it for recipe `id`;
    /// the photo's path in the data directory and the files written. An answer that is not an
    /// image libgd reads (JPEG, PNG, WebP, GIF) is refused.
    /// - Parameter page: the address the person typed for the page (nil for a saved page or a
    ///   caption): the photo may be on this machine or its network only at that same place.
    public static func download(_ url: String, id: String, root: String, page: String?,
                                fetch: (@Sendable (String) async -> Result<[UInt8], CommandError>)? = nil) async -> Result<(path: String, pending: Pending), CommandError> {
        let fetch = fetch ?? { await PageFetcher.fetchBytes($0, accept: "image/*", maximumBytes: maximumBytes, origin: .page(typed: page)) }
        let bytes: [UInt8]
        switch await fetch(url) {
        case .success(let got): bytes = got
        case .failure(let error): return .failure(error)
        }
        guard let photo = AppRecipe.Photo.sniffing(bytes) else {
            return .failure(CommandError("\(url): not a JPEG, PNG, WebP or GIF image that can be read"))
        }
        if case .failure(let problem) = GridImage.check(photo) {
            return .failure(CommandError("\(url): the \(photo.fileExtension.uppercased()) image is not kept: \(problem.reason)"))
        }
        let relative = freePath(for: id, fileExtension: photo.fileExtension, root: root)
        do {
            return .success((relative, try write(photo, to: relative, root: root)))
        } catch {
            return .failure(error)
        }
    }
}
