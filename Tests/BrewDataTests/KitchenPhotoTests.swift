@testable import BrewClip
@testable import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

/// A clipped recipe's photo saved beside it (issue 25): the grid's small copy made by libgd, at
/// most 400 px wide (ClipCook PERF/007); the photo downloaded from a server on this machine into
/// `kitchen/images/`, never over a file; what is not an image, or not there, refused with why.
@Suite(.serialized) struct KitchenPhotoTests {
    @Test(arguments: ["jpg", "png"]) func theGridCopyIsAtMost400PixelsWide(format: String) throws {
        let photo = AppRecipe.Photo(bytes: TestImages.photo(width: 1000, height: 600, format: format), fileExtension: format)
        #expect(GridImage.size(of: photo)! == (1000, 600))
        let small = AppRecipe.Photo(bytes: try #require(GridImage.copy(of: photo)), fileExtension: format)
        #expect(AppRecipe.Photo.sniffing(small.bytes)?.fileExtension == format, "the photo's own format")
        #expect(GridImage.size(of: small)! == (400, 240))
        #expect(small.bytes.count < photo.bytes.count)
        let narrow = AppRecipe.Photo(bytes: TestImages.photo(width: 300, height: 200, format: format), fileExtension: format)
        #expect(GridImage.copy(of: narrow) == narrow.bytes, "a photo no wider is kept as it is")
        #expect(GridImage.copy(of: AppRecipe.Photo(bytes: [0xFF, 0xD8, 0xFF, 0, 1, 2], fileExtension: "jpg")) == nil)
    }

    /// Serves `files` from 127.0.0.1 and runs `body` with the base address.
    static func withServer(_ files: [String: [UInt8]], _ body: (String, URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photo-\(UUID().uuidString)")
        let served = folder.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes) in files { try Data(bytes).write(to: served.appendingPathComponent(name)) }
        let server = try StaticFileServer(serving: served)
        defer { server.stop() }
        let base = server.base
        for _ in 0..<50 {
            if case .success = await PageFetcher.fetchBytes(base + "/note.txt", accept: "*/*", maximumBytes: 1_000, origin: .typed) { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        let root = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try await body(base, root)
    }

    @Test func thePhotoIsDownloadedBesideTheRecipeWithItsGridCopy() async throws {
        let files = ["photo.jpg": TestImages.photo(width: 1200, height: 800, format: "jpg"), "note.txt": Array("not a photo".utf8),
                     "huge.png": KitchenImportHostileTests.pngHeader(width: 23000, height: 23000)]
        try await Self.withServer(files) { base, root in
            let saved = try await KitchenPhotoFiles.download(base + "/photo.jpg", id: "soup", root: root.path, page: base + "/soup.html").get()
            #expect(saved.path == "kitchen/images/soup.jpg")
            // Pending until its recipe is written.
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("kitchen/images/soup.jpg").path))
            try KitchenPhotoFiles.commit(saved.pending)
            let full = try [UInt8](Data(contentsOf: root.appendingPathComponent("kitchen/images/soup.jpg")))
            #expect(full == files["photo.jpg"], "the photo as served")
            let grid = try [UInt8](Data(contentsOf: root.appendingPathComponent("kitchen/images/soup.grid.jpg")))
            #expect(GridImage.size(of: AppRecipe.Photo(bytes: grid, fileExtension: "jpg"))! == (400, 267))
            let second = try await KitchenPhotoFiles.download(base + "/photo.jpg", id: "soup", root: root.path, page: base + "/soup.html").get()
            #expect(second.path == "kitchen/images/soup-2.jpg", "never over a file")
            KitchenPhotoFiles.remove(second.pending.pendingPaths)
            // The site finds the grid copy beside the photo a recipe names.
            var diagnostics: [Diagnostic] = []
            let recipe = KitchenRecipe(id: "soup", title: "Soup", thumbnail: "kitchen/images/soup.jpg")
            let found = KitchenImageFiles.resolve([Located(recipe, source: SourceMap(record: SourceLocation(file: "soup.json", line: 1)))], root: root.path, diagnostics: &diagnostics)
            #expect(Set(found.keys) == ["kitchen/images/soup.jpg", "kitchen/images/soup.grid.jpg"])
            #expect(diagnostics.isEmpty)

            let missing = await KitchenPhotoFiles.download(base + "/gone.jpg", id: "stew", root: root.path, page: base + "/stew.html")
            #expect(throws: CommandError.self) { try missing.get() }
            if case .failure(let error) = missing { #expect(error.message.hasSuffix("the server answered 404")) }
            let text = await KitchenPhotoFiles.download(base + "/note.txt", id: "stew", root: root.path, page: base + "/stew.html")
            if case .failure(let error) = text { #expect(error.message.contains("not a JPEG, PNG, WebP or GIF image")) } else { Issue.record("a text file was kept as a photo") }
            // A page's photo over the pixel budget is refused from its header, never decoded.
            let huge = await KitchenPhotoFiles.download(base + "/huge.png", id: "stew", root: root.path, page: base + "/stew.html")
            if case .failure(let error) = huge { #expect(error.message.contains("23000 × 23000 pixels (529 megapixels)"), "\(error.message)") } else { Issue.record("a 23000 × 23000 PNG was kept") }
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("kitchen/images/stew.jpg").path))
        }
    }

    /// A page's photo on this machine or its network is fetched only from the place the person
    /// typed: a page from elsewhere (or from a file) cannot make the tool send a request to the
    /// person's own machine, in any spelling of its address (issue 37).
    @Test func aPhotoOnThisMachineIsFetchedOnlyFromThePlaceTyped() async throws {
        let files = ["photo.jpg": TestImages.photo(width: 600, height: 400, format: "jpg"), "note.txt": Array("x".utf8)]
        try await Self.withServer(files) { base, root in
            let port = try #require(URL(string: base)?.port)
            for (photo, page) in [(base + "/photo.jpg", "https://example.com/soup" as String?), (base + "/photo.jpg", nil),
                                  ("http://localhost:\(port)/photo.jpg", base + "/soup.html"), ("http://127.0.0.1:\(port + 1)/photo.jpg", base + "/soup.html"),
                                  ("http://2130706433:\(port)/photo.jpg", "https://example.com/soup"), ("https://[::ffff:127.0.0.1]:\(port)/photo.jpg", "https://example.com/soup"),
                                  ("https://192.168.1.1/photo.jpg", "https://example.com/soup"), ("http://0x7f.1:\(port)/photo.jpg", nil)] {
                let result = await KitchenPhotoFiles.download(photo, id: "soup", root: root.path, page: page)
                guard case .failure(let error) = result else { Issue.record("\(photo) from \(page ?? "a file") was fetched"); continue }
                #expect(error.message.contains("not fetched: it leads to this machine or its local network"), "\(error.message)")
                #expect(error.message.contains("only an address you type is fetched there"), "\(error.message)")
            }
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("kitchen/images").path), "nothing was written")
            let typed = await KitchenPhotoFiles.download(base + "/photo.jpg", id: "soup", root: root.path, page: base + "/soup.html")
            #expect((try? typed.get())?.path == "kitchen/images/soup.jpg", "the place typed is fetched from")
        }
    }
}
