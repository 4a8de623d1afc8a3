import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// `check` on kitchen thumbnails that name files: each mistake at the recipe's `thumbnail` field (issue 14).
@Suite struct KitchenImageFilesTests {
    /// A data directory whose recipes name thumbnails of every kind, and a file outside it.
    final class Workspace {
        let root: URL
        var data: URL { root.appendingPathComponent("Data") }

        init(thumbnails: [String]) throws {
            root = TestPaths.temporary("brewguide-images")
            let images = root.appendingPathComponent("Data/kitchen/images")
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Data/kitchen/recipes"), withIntermediateDirectories: true)
            try Data([0x89, 0x50, 0x4E, 0x47]).write(to: images.appendingPathComponent("soup.png"))
            try Data([0x89, 0x50, 0x4E, 0x47]).write(to: root.appendingPathComponent("secret.png"))
            try FileManager.default.createDirectory(at: images.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: images.appendingPathComponent("escape.png").path, withDestinationPath: "../../../secret.png")
            try FileManager.default.createSymbolicLink(atPath: images.appendingPathComponent("inside.png").path, withDestinationPath: "soup.png")
            let recipes = thumbnails.enumerated().map { index, thumbnail in
                "{\"id\": \"r\(index)\", \"title\": \"R\(index)\", \"servings\": 1, \"category\": \"Dinner\", \"thumbnail\": \"\(thumbnail)\"}"
            }
            try ("[\n" + recipes.joined(separator: ",\n") + "\n]\n").write(to: root.appendingPathComponent("Data/kitchen/recipes/all.json"), atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    @Test func eachMistakeIsReportedAtTheThumbnailField() throws {
        let workspace = try Workspace(thumbnails: [
            "kitchen/images/soup.png", "kitchen/images/inside.png", "kitchen/images/missing.jpg", "kitchen/images/escape.png",
            "kitchen/images/folder.png", "/etc/passwd.png", "../secret.png", "kitchen/images/soup.txt", "https://example.com/a.jpg",
        ])
        let data = workspace.data.path
        let result = DataDirectoryReader(root: data).read()
        let file = "\(data)/kitchen/recipes/all.json"
        let messages = result.validated.diagnostics.filter { $0.location.file == file }.map(\.description)
        let secret = try #require(realpath(workspace.root.appendingPathComponent("secret.png").path, nil).map { String(cString: $0) })
        #expect(messages == [
            "\(file):4:79: warning: thumbnail \"kitchen/images/missing.jpg\" is not in the data directory (looked for \(data)/kitchen/images/missing.jpg); the recipe is shown without its picture",
            "\(file):5:79: error: thumbnail \"kitchen/images/escape.png\" leads out of the data directory through a symbolic link (to \(secret)); a thumbnail must be a file inside it",
            "\(file):6:79: error: thumbnail \"kitchen/images/folder.png\" is not a regular file (a folder, link to a device or pipe); expected an image file such as kitchen/images/soup.jpg",
            "\(file):7:79: error: thumbnail is an absolute path, found \"/etc/passwd.png\"; a thumbnail file is named relative to the data directory, such as kitchen/images/soup.jpg",
            "\(file):8:79: error: thumbnail contains \"..\", found \"../secret.png\"; a thumbnail must be a file inside the data directory, such as kitchen/images/soup.jpg",
            "\(file):9:79: error: thumbnail must name an image file (.jpg, .jpeg, .png, .webp, .gif or .avif), found .txt in \"kitchen/images/soup.txt\"",
        ])
        // Found: the file itself and the link that stays inside, each read from its real path.
        let images = result.validated.dataset.kitchenImages
        #expect(images.keys.sorted() == ["kitchen/images/inside.png", "kitchen/images/soup.png"])
        #expect(images["kitchen/images/inside.png"] == images["kitchen/images/soup.png"])
    }
}
