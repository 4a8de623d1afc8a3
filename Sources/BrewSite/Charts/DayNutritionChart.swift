import BrewKit
import Foundation

/// A day's totals against the goals (MOD/SYS/009.2): a calorie bar and three macro gauges in
/// SVG, each with its figures as text beside it, so the chart reads without colour or without
/// the picture. A calorie total above the goal turns the bar red and says "over" in words.
/// Colours come from CSS classes (`.dn-…`), so light, dark and print themes all work.
public enum DayNutritionChart {
    public static func fragment(for day: PlanDay, id: String) -> PageFragment {
        PageFragment(html: html(day, id: id), markdown: markdown(day))
    }

    /// "1850 of 2200 kcal (84 %)" or "2450 of 2200 kcal: over by 250 kcal".
    /// A total no meal gives is "— of 2200 kcal (no meal gives its calories)", never 0; a total some
    /// meals leave out adds "; 1 meal without calories not counted".
    public static func calorieText(_ day: PlanDay) -> String {
        let goal = day.goals.calories
        guard let known = day.knownTotal(.calories) else { return "— of \(goal) kcal (no meal gives its calories)" }
        let total = Int(known)
        let note = day.notCountedNote(.calories).map { "; \($0)" } ?? ""
        if total > goal { return "\(total) of \(goal) kcal: over by \(total - goal) kcal\(note)" }
        return "\(total) of \(goal) kcal (\(percent(Double(total), of: goal)) %)\(note)"
    }

    /// "95 of 120 g protein", with ": over by 5 g" when above the goal; "— of 120 g protein" when
    /// no meal gives it, and "; 1 meal without protein not counted" when some meal leaves it out.
    public static func macroText(_ day: PlanDay, _ macro: Macro) -> String {
        let goal = day.goals[macro]
        guard let known = day.knownTotal(NutritionFigure(macro)) else { return "— of \(goal) g \(macro.label) (no meal gives it)" }
        let total = Int(known)
        let note = day.notCountedNote(NutritionFigure(macro)).map { "; \($0)" } ?? ""
        let base = "\(total) of \(goal) g \(macro.label)"
        return (total > goal ? "\(base): over by \(total - goal) g" : base) + note
    }

    static func percent(_ value: Double, of goal: Int) -> Int {
        goal > 0 ? Int((value * 100 / Double(goal)).rounded()) : 0
    }

    static func markdown(_ day: PlanDay) -> String {
        var lines = ["- Calories: \(calorieText(day))"]
        for macro in Macro.allCases { lines.append("- \(macro.label.capitalized): \(macroText(day, macro))") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func f(_ value: Double) -> String { Format.number(value, decimals: 1) }

    static func html(_ day: PlanDay, id: String) -> String {
        let safeID = HTMLEscaping.escape(id)
        let over = day.over
        let total = day.totals.calories
        let goal = Double(day.goals.calories)
        // The bar's scale reaches the goal, or the total when it is above.
        let scale = max(goal, total, 1)
        let barWidth = 300.0
        let filled = barWidth * total / scale
        let goalX = barWidth * goal / scale
        var html = "<figure class=\"day-nutrition\" aria-labelledby=\"\(safeID)-caption\">\n"
        html += "<div class=\"dn-row\">"
        html += "<svg class=\"dn-bar\" viewBox=\"0 0 \(Int(barWidth) + 4) 28\" role=\"img\" aria-labelledby=\"\(safeID)-cal\">"
        html += "<title id=\"\(safeID)-cal\">Calories: \(HTMLEscaping.escape(calorieText(day)))</title>"
        html += "<rect class=\"dn-track\" x=\"2\" y=\"6\" width=\"\(f(barWidth))\" height=\"16\" rx=\"8\"/>"
        if filled > 0 {
            html += "<rect class=\"dn-fill\(over.calories ? " dn-over" : "")\" x=\"2\" y=\"6\" width=\"\(f(max(filled, 4)))\" height=\"16\" rx=\"8\"/>"
        }
        html += "<line class=\"dn-goal\" x1=\"\(f(goalX + 2))\" y1=\"1\" x2=\"\(f(goalX + 2))\" y2=\"27\"/>"
        html += "</svg>"
        html += "<p class=\"dn-text\(over.calories ? " dn-over-text" : "")\"><strong>Calories</strong> \(HTMLEscaping.escape(calorieText(day)))</p>"
        html += "</div>\n<div class=\"dn-gauges\">\n"
        for macro in Macro.allCases {
            let value = day.totals[macro]
            let target = Double(day.goals[macro])
            let fraction = target > 0 ? min(value / target, 1) : (value > 0 ? 1 : 0)
            let radius = 20.0
            let circumference = 2 * Double.pi * radius
            html += "<div class=\"dn-gauge\">"
            html += "<svg viewBox=\"0 0 52 52\" role=\"img\" aria-labelledby=\"\(safeID)-\(macro.rawValue)\">"
            html += "<title id=\"\(safeID)-\(macro.rawValue)\">\(HTMLEscaping.escape(macroText(day, macro)))</title>"
            html += "<circle class=\"dn-ring\" cx=\"26\" cy=\"26\" r=\"\(f(radius))\"/>"
            if fraction > 0 {
                html += "<circle class=\"dn-arc dn-\(macro.rawValue)\(over[macro] ? " dn-over" : "")\" cx=\"26\" cy=\"26\" r=\"\(f(radius))\" stroke-dasharray=\"\(f(circumference * fraction)) \(f(circumference))\" transform=\"rotate(-90 26 26)\"/>"
            }
            html += "</svg>"
            // The percentage is text beside the ring at the page's size (issue 28): inside a
            // 3 rem ring it was a few pixels high, and "166%" ran over the ring.
            html += "<p class=\"dn-text\(over[macro] ? " dn-over-text" : "")\"><span class=\"dn-value\">\(day.knownTotal(NutritionFigure(macro)) == nil ? "—" : "\(percent(value, of: day.goals[macro])) %")</span> \(HTMLEscaping.escape(macroText(day, macro)))</p>"
            html += "</div>\n"
        }
        html += "</div>\n"
        html += "<figcaption id=\"\(safeID)-caption\">Totals against the daily goals.</figcaption>\n</figure>\n"
        return html
    }
}
