import BrewKit
import Testing

/// A kitchen recipe's `thumbnail`: a web URL, or an image file inside the data directory (issue 14).
@Suite struct KitchenThumbnailTests {
    @Test(arguments: [
        ("https://example.com/soup.jpg", KitchenThumbnail.web("https://example.com/soup.jpg")),
        ("kitchen/images/soup.jpg", .file("kitchen/images/soup.jpg")),
        ("./kitchen//images/Soup.JPEG", .file("kitchen/images/Soup.JPEG")),
        ("photos/a b#1.webp", .file("photos/a b#1.webp")),
    ])
    func readsWhatItNames(_ text: String, _ expected: KitchenThumbnail) {
        #expect(KitchenThumbnail(text) == expected)
        #expect(KitchenThumbnail.problem(with: text) == nil || text.hasPrefix("https://"))
    }

    @Test(arguments: [
        ("/etc/passwd.png", "is an absolute path, found \"/etc/passwd.png\"; a thumbnail file is named relative to the data directory, such as kitchen/images/soup.jpg"),
        ("~/photo.png", "is an absolute path, found \"~/photo.png\"; a thumbnail file is named relative to the data directory, such as kitchen/images/soup.jpg"),
        ("kitchen/../../x.png", "contains \"..\", found \"kitchen/../../x.png\"; a thumbnail must be a file inside the data directory, such as kitchen/images/soup.jpg"),
        ("file:///etc/x.png", "must be an http or https URL or a path inside the data directory such as kitchen/images/soup.jpg, found \"file:///etc/x.png\""),
        ("kitchen\\images\\a.png", "contains a backslash, found \"kitchen\\images\\a.png\"; separate folders with /, such as kitchen/images/soup.jpg"),
        ("kitchen/images/notes.txt", "must name an image file (.jpg, .jpeg, .png, .webp, .gif or .avif), found .txt in \"kitchen/images/notes.txt\""),
        ("kitchen/images/photo", "must name an image file (.jpg, .jpeg, .png, .webp, .gif or .avif), found a name without an extension in \"kitchen/images/photo\""),
        ("assets/logo.png", "is in assets/, the folder of the site's own style sheet and script, found \"assets/logo.png\"; keep photos elsewhere, such as kitchen/images/soup.jpg"),
        ("./", "names no file, found \"./\"; expected a path inside the data directory such as kitchen/images/soup.jpg"),
    ])
    func refusesWhatIsNotAnImageInside(_ text: String, _ problem: String) {
        #expect(KitchenThumbnail.problem(with: text) == problem)
        #expect(KitchenThumbnail(text) == nil)
    }

    @Test func linksAreRelativeAndPercentEncoded() {
        #expect(KitchenThumbnail.link(toFile: "kitchen/images/soup.jpg", root: "../") == "../kitchen/images/soup.jpg")
        #expect(KitchenThumbnail.link(toFile: "photos/a b#1?.png", root: "../../") == "../../photos/a%20b%231%3F.png")
        #expect(KitchenThumbnail.link(toFile: "kitchen/images/crème.png", root: "") == "kitchen/images/cr%C3%A8me.png")
    }
}
