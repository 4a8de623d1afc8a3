import BrewKit
import Foundation

/// The write stamps merge decides by (`modifiedAt`, `updatedAt`) dated ahead of now: a copy
/// written on a device whose clock is set to 2099 would win every merge (the later write wins).
/// `check` and `merge` warn about each, at its place (file, line and column) and naming its record.
///
/// Rules: a stamp more than `FutureMoment.toleranceSeconds` (five minutes) after now is ahead; the
/// stamps looked at are a recipe's `modifiedAt`, a kitchen recipe's `updatedAt`, and any `updatedAt`
/// in the sessions' files (sessions, their entries, drink presets). The kitchen planner's files and
/// the goals are left to a later change.
public enum FutureStamps {
    public static func diagnostics(_ result: DataDirectoryReader.Result, now: Date) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func warn(_ field: String, _ date: Date, of record: String, at location: SourceLocation) {
            guard FutureMoment.isAhead(date, of: now) else { return }
            found.append(.warning(
                "\(field) \(ISO8601.string(from: date)) of \(record) is after now (\(ISO8601.string(from: now))); merge takes the later write, so this copy would win every merge: set the device's clock right and this stamp to when the record was written",
                at: location))
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
        func walk(_ node: RawNode, record: String) {
            switch node.value {
            case .array(let items):
                for item in items { walk(item, record: record) }
            case .object(let members):
                let id = members.first { $0.key == "id" }.flatMap { member -> String? in
                    switch member.node.value {
                    case .string(let text), .text(let text): text
                    default: nil
                    }
                }
                let name = id.map { record.isEmpty ? "\"\($0)\"" : "\(record) / \"\($0)\"" } ?? record
                for member in members {
                    if member.key == "updatedAt" {
                        switch member.node.value {
                        case .string(let text), .text(let text):
                            if let date = ISO8601.date(from: text.trimmingCharacters(in: .whitespaces)) {
                                warn("updatedAt", date, of: "record \(name)", at: member.node.location)
                            }
                        default: break
                        }
                    } else {
                        walk(member.node, record: name)
                    }
                }
            default: break
            }
        }
        for file in result.files {
            for record in file.rawRecords { walk(record, record: "") }
        }
        return found
    }
}
