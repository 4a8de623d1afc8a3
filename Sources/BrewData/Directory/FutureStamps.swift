import BrewKit
import Foundation

/// The write stamps merge decides by (`modifiedAt`, `updatedAt`) dated ahead of now: a copy
/// written on a device whose clock is set to 2099 would win every merge (the later write wins).
/// `check` and `merge` warn about each, at its place (file, line and column) and naming its record.
///
/// Rules: a stamp more than `FutureMoment.toleranceSeconds` (five minutes) after now is ahead; the
/// stamps looked at are a recipe's `modifiedAt`, a kitchen recipe's `updatedAt`, and any `updatedAt`
/// in the sessions' files (sessions, their entries, drink presets) and in the kitchen planner's
/// files (plan slots, snacks, shopping items, the goals: `plannerDiagnostics`).
public enum FutureStamps {
    public static func diagnostics(_ result: DataDirectoryReader.Result, now: Date) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func warn(_ field: String, _ date: Date, of record: String, at location: SourceLocation) {
            if let warning = warning(field, date, of: record, now: now, at: location) { found.append(warning) }
        }
        let dataset = result.validated.dataset
        for recipe in dataset.recipes {
            warn("modifiedAt", recipe.value.modifiedAt, of: "recipe \"\(recipe.value.id)\"", at: recipe.source.location(of: "modifiedAt"))
        }
        for recipe in dataset.kitchenRecipes {
            if let updatedAt = recipe.value.updatedAt {
                warn("updatedAt", updatedAt, of: "kitchen recipe \"\(recipe.value.id)\"", at: recipe.source.location(of: "updatedAt"))
            }
        }
        // The planner's records (the plan slots, snacks, shopping list and cooks, and the goals of
        // the preferences), kept as read for it, are its to tell (`plannerDiagnostics`).
        for file in result.files where !MealPlanReader.fileKinds.contains(file.kind) {
            for record in file.rawRecords { found += updatedAtStamps(in: record, record: "", now: now) }
        }
        return found
    }

    /// The same for the kitchen planner's records as the planner's reader read them
    /// (`MealPlanContext.stamped`): the plan slots of `kitchen/plan/`, the snacks, the shopping list
    /// and the goals in `preferences.json` (`kitchen.goals`), each `updatedAt` that merge decides by.
    /// A file that cannot be read is told by that reader, not here.
    public static func plannerDiagnostics(_ mealPlan: MealPlanContext, now: Date) -> [Diagnostic] {
        mealPlan.stamped.flatMap { updatedAtStamps(in: $0.node, record: $0.record, now: now) }
    }

    /// Each `updatedAt` ahead of `now` in `node` and the records within it, named by the ids on
    /// the way down (`record` is the name of the one it is in, empty at the top).
    static func updatedAtStamps(in node: RawNode, record: String, now: Date) -> [Diagnostic] {
        switch node.value {
        case .array(let items):
            return items.flatMap { updatedAtStamps(in: $0, record: record, now: now) }
        case .object(let members):
            let id = members.first { $0.key == "id" }.flatMap { member -> String? in
                switch member.node.value {
                case .string(let text), .text(let text): text
                default: nil
                }
            }
            let name = id.map { record.isEmpty ? "\"\($0)\"" : "\(record) / \"\($0)\"" } ?? record
            var found: [Diagnostic] = []
            for member in members {
                guard member.key == "updatedAt" else {
                    found += updatedAtStamps(in: member.node, record: name, now: now)
                    continue
                }
                switch member.node.value {
                case .string(let text), .text(let text):
                    if let date = ISO8601.date(from: text.trimmingCharacters(in: .whitespaces)), let warning = warning("updatedAt", date, of: name.hasPrefix("kitchen goals") ? name : "record \(name)", now: now, at: member.node.location) {
                        found.append(warning)
                    }
                default: break
                }
            }
            return found
        default:
            return []
        }
    }

    static func warning(_ field: String, _ date: Date, of record: String, now: Date, at location: SourceLocation) -> Diagnostic? {
        guard FutureMoment.isAhead(date, of: now) else { return nil }
        return .warning(
            "\(field) \(ISO8601.string(from: date)) of \(record) is after now (\(ISO8601.string(from: now))); merge takes the later write, so this copy would win every merge: set the device's clock right and this stamp to when the record was written",
            at: location)
    }
}
