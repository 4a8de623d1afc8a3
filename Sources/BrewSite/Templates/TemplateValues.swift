import Mustache

/// The values a template reads, by name. swift-mustache finds a name in a non-generic
/// `MustacheParent` faster than in a `[String: Any]` (about a fifth less time a page, measured
/// on `log.md`), so page contexts and the rows of long lists are handed over in one of these.
struct TemplateValues: MustacheParent {
    let values: [String: Any]

    init(_ values: [String: Any]) {
        self.values = values
    }

    func child(named name: String) -> Any? { values[name] }
}
