import Mustache

/// One row of a list page: its rendered `markdown`, and the log's other values for a template
/// that reads them (made the first time one is asked for: the default `logs.md` shows only `markdown`).
struct ListRow: MustacheParent {
    /// Text that swift-mustache writes without trying the casts it tries on a `String` (a list
    /// page shows fifty rows; this takes an eighth off rendering them).
    struct Rendered: MustacheCustomRenderable {
        let renderText: String
        var isNull: Bool { false }
    }

    /// The row's values, made once when first asked for. A row is read by one page's render, on one thread.
    /// Kept `@unchecked Sendable` rather than `Locked`: its values are `[String: Any]` (Mustache's
    /// contexts), which cannot be `Sendable`, and it is never shared between threads; a lock
    /// taken for every row of every list page would only cost time.
    private final class LazyValues: @unchecked Sendable {
        let make: () -> [String: Any]
        lazy var values: [String: Any] = make()
        init(_ make: @escaping () -> [String: Any]) { self.make = make }
    }

    let markdown: Rendered
    private let values: LazyValues

    init(markdown: String, values: @escaping () -> [String: Any]) {
        self.markdown = Rendered(renderText: markdown)
        self.values = LazyValues(values)
    }

    func child(named name: String) -> Any? {
        name == "markdown" ? markdown : values.values[name]
    }
}
