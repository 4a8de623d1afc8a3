/// One page of the site before layout: where it goes, its title, the Markdown template
/// that makes its body, and the values the template reads.
public struct Page {
    /// Path without extension, relative to the site root: `recipes/v60-starter`.
    public var path: String
    public var title: String
    public var template: String
    /// The values the template reads, by name. A page made with `slots` holds them there
    /// instead; setting this makes it a page of a dictionary like any other.
    public var context: [String: Any] {
        get { slots?.dictionary ?? namedValues }
        set {
            namedValues = newValue
            slots = nil
        }
    }
    private var namedValues: [String: Any]
    /// The values by slot, for a kind of page made by the thousand (`PageSlots`); nil: `context`.
    private(set) var slots: PageSlots?
    /// Extra HTML for the head (JSON-LD), made by code that escapes what it holds.
    public var headHTML: String = ""
    /// Charts and tables the template places with `[[fragment:NAME]]`.
    public var fragments: [String: PageFragment] = [:]
    /// A list page's rows as converted once for the whole site, when each could be
    /// (`ListSplice`): asked for only when the page is converted.
    var splicedRows: (@Sendable () -> [ListSplice.Row]?)?
    /// Flags the layout reads, the same on every page of a site (`SitePlan.navigation`).
    public var layoutFlags: [String: Bool] = [:]

    public init(path: String, title: String, template: String, context: [String: Any], headHTML: String = "", fragments: [String: PageFragment] = [:]) {
        self.path = path
        self.title = title
        self.template = template
        self.namedValues = context
        self.headHTML = headHTML
        self.fragments = fragments
    }

    init(path: String, title: String, template: String, slots: PageSlots, fragments: [String: PageFragment] = [:]) {
        self.init(path: path, title: title, template: template, context: [:], fragments: fragments)
        self.slots = slots
    }

    /// `../` once per folder the page is in, so links work when the site is opened from disk.
    public var rootPrefix: String { Self.rootPrefix(of: path) }

    public static func rootPrefix(of path: String) -> String {
        String(repeating: "../", count: path.utf8.lazy.filter { $0 == UInt8(ascii: "/") }.count)
    }
}
