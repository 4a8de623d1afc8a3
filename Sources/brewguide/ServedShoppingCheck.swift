import BrewKit
import BrewServe
import Foundation

/// `POST /_api/shopping/check` of `serve --edit`/`--lan`: the shopping page's tick, through
/// `KitchenShoppingCommand.check`, the code `kitchen shopping --check` runs (the same lock on the
/// data folder, the same atomic rewrite of `kitchen/shopping.json`, the same merged-line rule).
/// Each tick is printed on the terminal, with where it came from.
enum ServedShoppingCheck {
    static let path = "/_api/shopping/check"
    static let fields: Set<String> = ["item", "checked"]

    static func endpoint(root: String) -> WriteEndpoint {
        WriteEndpoint(path: path, knownFields: fields) { form, context in
            await ServedForm.onOwnThread { outcome(of: form, root: root, from: context.peerAddress, context: context) }
        }
    }

    static func outcome(of form: [String: String], root: String, from peer: String?, context: WriteContext = WriteContext(peerAddress: nil)) -> WriteOutcome {
        var errors: [String] = []
        let item = form["item"]?.trimmingCharacters(in: .whitespaces) ?? ""
        if item.isEmpty { errors.append("item: the shopping item's id is missing (as kitchen shopping --check ID takes)") }
        var checked: Bool?
        switch form["checked"]?.lowercased() {
        case "true", "1", "on": checked = true
        case "false", "0", "off": checked = false
        case nil: errors.append("checked: true to tick the item, false to untick it, is missing")
        case let other?: errors.append("checked: expected true or false, found \(FoundValue.quoted(other, limit: 40))")
        }
        guard errors.isEmpty, let checked else { return .refused(errors: errors) }
        do {
            let lock = try CommandLock.data(root, for: "brewguide serve (a shopping tick from \(peer ?? "a browser"))")
            defer { lock.release() }
            let said = try KitchenShoppingCommand.check(itemID: item, checked: checked, root: root,
                                                        updatedAt: ServedForm.tapStamp(context).text)
            print("from \(peer ?? "a browser"): \(said)")
            fflush(nil)
            return .done(id: item, said: [said])
        } catch {
            return ServedForm.refusal(for: error)
        }
    }
}
