import BrewKit
import Foundation

/// Finds the thumbnail files kitchen recipes name (`KitchenThumbnail.file`) in the data directory,
/// for `check` to report and the site to copy (issue 14).
///
/// Each path that `KitchenThumbnail.problem(with:)` accepts is resolved with `realpath`, so every
/// symbolic link on the way is followed, and then:
/// - a file that is not there (or a link to nothing) is a **warning**: the recipe is shown with
///   the first letter of its title, as without a thumbnail, and the build goes on;
/// - a path that leads out of the data directory (through a symbolic link), or to a folder or
///   anything but a regular file, is an **error**: the site copies nothing from outside the data
///   directory and never reads a device or a pipe.
/// Each message is at the recipe's `thumbnail` field.
public enum KitchenImageFiles {
    /// The files found, by their path in the data directory (and site), to the real path to read.
    public static func resolve(_ recipes: [Located<KitchenRecipe>], root: String, source: any DataFileSource = DiskDataFiles(), diagnostics: inout [Diagnostic]) -> [String: String] {
        var found: [String: String] = [:]
        var checked: [String: Outcome] = [:]
        var realRoot: String?
        for located in recipes {
            guard let text = located.value.thumbnail, case .file(let path)? = KitchenThumbnail(text) else { continue }
            if realRoot == nil { realRoot = source.realPath((root as NSString).standardizingPath) ?? root }
            let outcome = checked[path] ?? check(path, root: root, realRoot: realRoot!, source: source)
            checked[path] = outcome
            let location = located.source.location(of: "thumbnail")
            switch outcome {
            case .found(let real):
                found[path] = real
                // The photo's small copy for the grid, when there: copied too, never reported missing.
                let grid = KitchenThumbnail.gridPath(for: path)
                if found[grid] == nil, case .found(let gridReal) = checked[grid] ?? check(grid, root: root, realRoot: realRoot!, source: source) {
                    found[grid] = gridReal
                }
            case .missing(let looked):
                diagnostics.append(.warning("thumbnail \"\(path)\" is not in the data directory (looked for \(looked)); the recipe is shown without its picture", at: location))
            case .outside(let real):
                diagnostics.append(.error("thumbnail \"\(path)\" leads out of the data directory through a symbolic link (to \(real)); a thumbnail must be a file inside it", at: location))
            case .notAFile:
                diagnostics.append(.error("thumbnail \"\(path)\" is not a regular file (a folder, link to a device or pipe); expected an image file such as kitchen/images/soup.jpg", at: location))
            }
        }
        return found
    }

    /// A warning for each photo in `kitchen/images/` that no recipe names (nor is the grid copy
    /// of one that a recipe names) and no cook log names (`CookPhotos`), and for each photo a stopped `kitchen import` or `kitchen clip`
    /// left pending (`.<name>.pending`, which the next import or clip puts in place or removes).
    /// Nothing is removed: a photo may be one the person put there by hand.
    /// - Parameter cookPhotos: the photos the cook logs name, when the caller has read them
    ///   (`CookPhotos.named(inFiles:)`); nil reads `kitchen/cooked.json` here.
    public static func unnamed(_ recipes: [Located<KitchenRecipe>], cookPhotos: Set<String>? = nil, root: String, source: any DataFileSource = DiskDataFiles()) -> [Diagnostic] {
        let folder = (root as NSString).appendingPathComponent("kitchen/images")
        guard let names = source.names(inFolder: folder), !names.isEmpty else { return [] }
        var named: Set<String> = []
        for located in recipes {
            guard let text = located.value.thumbnail, case .file(let path)? = KitchenThumbnail(text) else { continue }
            named.insert(path)
            named.insert(KitchenThumbnail.gridPath(for: path))
        }
        named.formUnion(cookPhotos ?? CookPhotos.named(root: root, source: source))
        var diagnostics: [Diagnostic] = []
        for name in names.sorted() {
            let relative = "kitchen/images/" + name
            let path = (folder as NSString).appendingPathComponent(name)
            // A plain file, not a link to one: `lstat` on disk.
            guard source.isPlainFile(path) else { continue }
            if name.hasPrefix(".") {
                guard name.hasSuffix(".pending") else { continue }
                let shown = ShownText.escaped(String(name.dropFirst().dropLast(".pending".count)))
                diagnostics.append(.warning("a photo (\(shown)) left by a kitchen import or clip that was stopped before it finished; the next kitchen import or clip puts it in place if its recipe was written, or removes it", at: .file(path)))
            } else if !named.contains(relative) {
                diagnostics.append(.warning("no kitchen recipe names this photo (as its thumbnail), nor any cook log (as its photo); name it in a recipe's thumbnail, or remove it", at: .file(path)))
            }
        }
        return diagnostics
    }

    enum Outcome {
        case found(String), missing(String), outside(String), notAFile
    }

    static func check(_ path: String, root: String, realRoot: String, source: any DataFileSource = DiskDataFiles()) -> Outcome {
        let joined = (root as NSString).appendingPathComponent(path)
        guard let real = source.realPath(joined) else { return .missing(joined) }
        let inside = realRoot == "/" ? real.hasPrefix("/") : real.hasPrefix(realRoot + "/")
        guard inside else { return .outside(real) }
        switch source.entry(at: real) {
        case nil: return .missing(joined)
        case .file?: return .found(real)
        case .folder?, .other?: return .notAFile
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
