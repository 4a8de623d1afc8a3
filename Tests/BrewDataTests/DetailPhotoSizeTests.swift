import BrewClip
import BrewKit
import Foundation
import Testing
import TestSupport

/// Issue 51: a recipe's photo over 1,200 px wide is kept at 1,200 px, its height in proportion
/// (ClipCook's detail images); one no wider is kept byte for byte; a cook's photo as given.
@Suite struct DetailPhotoSizeTests {
    @Test func aWidePhotoIsKeptAt1200Pixels() throws {
        let root = TestPaths.temporary("detail-photo")
        try FileManager.default.createDirectory(atPath: root.path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let wide = AppRecipe.Photo(bytes: TestImages.photo(width: 2400, height: 1600, format: "jpg"), fileExtension: "jpg")
        try KitchenPhotoFiles.commit(try KitchenPhotoFiles.write(wide, to: "kitchen/images/wide.jpg", root: root.path))
        let saved = try [UInt8](Data(contentsOf: root.appendingPathComponent("kitchen/images/wide.jpg")))
        let size = try #require(GridImage.size(of: AppRecipe.Photo(bytes: saved, fileExtension: "jpg")))
        #expect(size.width == 1200 && size.height == 800, "\(size)")
        let grid = try [UInt8](Data(contentsOf: root.appendingPathComponent("kitchen/images/wide.grid.jpg")))
        #expect(GridImage.size(of: AppRecipe.Photo(bytes: grid, fileExtension: "jpg"))?.width == 400)

        let small = AppRecipe.Photo(bytes: TestImages.photo(width: 900, height: 600, format: "png"), fileExtension: "png")
        try KitchenPhotoFiles.commit(try KitchenPhotoFiles.write(small, to: "kitchen/images/small.png", root: root.path))
        #expect(try [UInt8](Data(contentsOf: root.appendingPathComponent("kitchen/images/small.png"))) == small.bytes)

        try KitchenPhotoFiles.commit(try KitchenPhotoFiles.write(wide, to: "kitchen/images/cook.jpg", root: root.path, gridCopy: false))
        #expect(try [UInt8](Data(contentsOf: root.appendingPathComponent("kitchen/images/cook.jpg"))) == wide.bytes)
    }
}
