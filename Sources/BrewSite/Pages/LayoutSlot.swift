/// The values of the layout every page is put into (`layout.html`), as slots (`PageSlots`): the
/// layout is filled in once per page of the site. `hasSessions` is the navigation's one flag
/// (`SitePlan.navigation`).
enum LayoutSlot: Int, CaseIterable {
    case title, siteTitle, lang, root, content, head, twin, section, hasSessions

    static let schema = PageSlots.Schema(LayoutSlot.self)
}

extension PageSlots {
    subscript(slot: LayoutSlot) -> Value {
        get { self[slot.rawValue] }
        set { self[slot.rawValue] = newValue }
    }
}
