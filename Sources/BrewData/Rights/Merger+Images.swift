import BrewKit
import Foundation

extension Merger {
    /// The thumbnail files (`KitchenImage`) of the merged kitchen recipes and the photos of the
    /// merged cook logs (`CookPhotos`): a file the target lacks
    /// is copied from the first source that has it; a file at the same path with other bytes keeps
    /// the target's (the recipes name a path, and the target's photo is what its pages show), and
    /// the note says so. Files no merged recipe names are not copied. Merging again finds the
    /// same bytes and changes nothing.
    static func mergeKitchenImages(_ sources: [DataSnapshot], into target: DataSnapshot, outcome: inout Outcome) {
        let named = KitchenImage.paths(namedBy: outcome.merged.kitchenRecipes).union(CookPhotos.named(in: outcome.merged))
        var present = Dictionary(target.kitchenImages.map { ($0.path, $0.bytes) }) { a, _ in a }
        var noted = Set<String>()
        for source in sources {
            for image in source.kitchenImages where named.contains(image.path) {
                guard let existing = present[image.path] else {
                    present[image.path] = image.bytes
                    outcome.newKitchenImages.append(image)
                    outcome.report.added.append(.init(.kitchenImage, image.path))
                    continue
                }
                if existing == image.bytes {
                    outcome.report.identical.append(.init(.kitchenImage, image.path))
                } else if noted.insert(image.path).inserted {
                    outcome.report.notes.append("kitchen image \(image.path) differs between the target and a source; kept the target's file (\(existing.count) bytes), the incoming one (\(image.bytes.count) bytes) was not copied")
                }
            }
        }
    }

    /// The outcome with the incoming thumbnail files that would land on a file already in the
    /// target's folder (one no target recipe names, so not in its snapshot) taken out: the file
    /// there is never written over, and the report says it was kept instead of "added".
    public static func leavingOccupiedImagePaths(_ outcome: Outcome, root: String) -> Outcome {
        var settled = outcome
        let occupied = outcome.newKitchenImages.filter { FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent($0.path)) }
        guard !occupied.isEmpty else { return outcome }
        let paths = Set(occupied.map(\.path))
        settled.newKitchenImages.removeAll { paths.contains($0.path) }
        // Those paths were absent from the target's snapshot, so every entry at them is incoming.
        settled.merged.kitchenImages.removeAll { paths.contains($0.path) }
        settled.report.added.removeAll { $0.subject == .kitchenImage && paths.contains($0.id) }
        for image in occupied {
            settled.report.notes.append("kitchen image \(image.path): a file no recipe named is already there; kept it, the incoming one (\(image.bytes.count) bytes) was not copied")
        }
        return settled
    }
}
