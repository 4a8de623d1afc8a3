import BrewData
import BrewKit
import BrewServe
import Foundation

/// `POST /_api/shopping/add` and `POST /_api/shopping/clear` of `serve --edit`/`--lan`: a line
/// added to the shopping list from the phone, as `kitchen shopping --add TEXT` adds it, and the
/// ticked lines cleared, as `--clear-checked` clears them (recorded in the erasure ledger, so a
/// merge does not bring them back). Under the data lock, written atomically, printed on the
/// terminal with where it came from.
///
/// A clear names the items it clears (`items`, the ids the page showed ticked): a clear kept on
/// the phone and sent later never takes a line ticked after it was tapped, and an item unticked
/// meanwhile stays. The page offers an undo before it sends the clear (docs/SERVE.md).
enum ServedShoppingEdit {
    static let addPath = "/_api/shopping/add"
    static let clearPath = "/_api/shopping/clear"
    /// The longest line the phone may add, in characters.
    static let longestLine = 200

    static func endpoints(root: String) -> [WriteEndpoint] {
        [
            WriteEndpoint(path: addPath, knownFields: ["name"]) { form, context in
                await ServedForm.onOwnThread { add(form, root: root, from: context.peerAddress, context: context) }
            },
            WriteEndpoint(path: clearPath, knownFields: ["items"]) { form, context in
                await ServedForm.onOwnThread { clear(form, root: root, from: context.peerAddress, context: context) }
            },
        ]
    }

    static func add(_ form: [String: String], root: String, from peer: String?, context: WriteContext = WriteContext(peerAddress: nil)) -> WriteOutcome {
        guard let name = ServedForm.text(form["name"]) else {
            return .refused(errors: ["name: what to buy is missing (such as \"2 lemons\")"])
        }
        guard name.count <= longestLine else {
            return .refused(errors: ["name: a shopping line of at most \(longestLine) characters is expected, found \(name.count)"])
        }
        do {
            let lock = try CommandLock.data(root, for: "brewguide serve (a shopping line from \(peer ?? "a browser"))")
            defer { lock.release() }
            let id = try MealPlanStore(root: root).addItem(name, updatedAt: ServedForm.tapStamp(context).text)
            print("from \(peer ?? "a browser"): added \(id): \(name)")
            fflush(nil)
            return .done(id: id, said: ["Added to the list: \(name)."])
        } catch {
            return ServedForm.refusal(for: error)
        }
    }

    static func clear(_ form: [String: String], root: String, from peer: String?, context: WriteContext = WriteContext(peerAddress: nil)) -> WriteOutcome {
        let ids = Set((form["items"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init))
        guard !ids.isEmpty else { return .refused(errors: ["items: the ids of the ticked items to clear are missing"]) }
        do {
            let lock = try CommandLock.data(root, for: "brewguide serve (a shopping clear from \(peer ?? "a browser"))")
            defer { lock.release() }
            let count = try MealPlanStore(root: root).clearChecked(at: ServedForm.tapStamp(context).date, only: ids)
            print("from \(peer ?? "a browser"): removed \(count) checked item\(count == 1 ? "" : "s")")
            fflush(nil)
            let said = count == 0 ? "Nothing to clear: those lines are no longer ticked." : "Cleared \(count == 1 ? "one ticked item" : "\(count) ticked items") from the list."
            return .done(id: ids.sorted().joined(separator: " "), said: [said])
        } catch {
            return ServedForm.refusal(for: error)
        }
    }
}
