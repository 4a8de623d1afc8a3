import Foundation

/// The layout around every page, rendered once for each shape of page (its depth, its section,
/// whether it has extra head markup) with stand-ins where the page's own title, twin link, head
/// markup and content go, then filled in per page. The first page of each shape is also rendered
/// plainly and compared: a layout whose output depends on those values in any other way (a
/// triple-mustache title, a section on the title) is rendered plainly for that shape from then on.
final class LayoutMemo: @unchecked Sendable {
    struct Shape: Hashable {
        var root: String
        var section: String
        var hasHead: Bool
    }

    /// Values that differ from page to page, and the private-use characters standing for them.
    enum Slot: UInt32, CaseIterable {
        case title = 0xE010, twin, head, content
        var standIn: String { String(Unicode.Scalar(rawValue)!) }
    }

    private enum Entry {
        case filled(String)
        case plainOnly
    }

    private let lock = NSLock()
    private var entries: [Shape: Entry] = [:]

    /// The page in its layout. `render` renders the layout for a context; `context` holds the
    /// page's values, with `title`, `twin`, `head` and `content` among them.
    func layout(_ shape: Shape, context: [String: Any], render: ([String: Any]) -> String) -> String {
        let values: [Slot: String] = [
            .title: HTMLEscaping.escape(context["title"] as? String ?? ""),
            .twin: HTMLEscaping.escape(context["twin"] as? String ?? ""),
            .head: context["head"] as? String ?? "",
            .content: context["content"] as? String ?? "",
        ]
        lock.lock()
        let entry = entries[shape]
        lock.unlock()
        switch entry {
        case .filled(let template):
            return Self.fill(template, with: values)
        case .plainOnly:
            return render(context)
        case nil:
            var standIns = context
            for slot in Slot.allCases { standIns[Self.key(slot)] = slot.standIn }
            let template = render(standIns)
            let plain = render(context)
            let usable = Self.fill(template, with: values) == plain
            lock.lock()
            entries[shape] = usable ? .filled(template) : .plainOnly
            lock.unlock()
            return plain
        }
    }

    private static func key(_ slot: Slot) -> String {
        switch slot {
        case .title: "title"
        case .twin: "twin"
        case .head: "head"
        case .content: "content"
        }
    }

    /// Replaces each stand-in in one pass, so nothing filled in is looked at again.
    static func fill(_ template: String, with values: [Slot: String]) -> String {
        var result = ""
        result.reserveCapacity(template.utf8.count + (values[.content]?.utf8.count ?? 0) + 256)
        let pending = Substring(template).unicodeScalars
        var start = pending.startIndex
        var index = start
        while index < pending.endIndex {
            let scalar = pending[index]
            if scalar.value >= Slot.title.rawValue && scalar.value <= Slot.content.rawValue, let slot = Slot(rawValue: scalar.value) {
                result.unicodeScalars.append(contentsOf: pending[start..<index])
                result += values[slot] ?? ""
                index = pending.index(after: index)
                start = index
            } else {
                index = pending.index(after: index)
            }
        }
        result.unicodeScalars.append(contentsOf: pending[start..<pending.endIndex])
        return result
    }
}
