@testable import BrewClip
@testable import BrewData
import Foundation
import Testing

/// The forgiving HTML tree the page reader walks: browser habits, and no crash on hostile input.
@Suite struct HTMLDocumentTests {
    @Test func impliedEndsVoidElementsAndRawText() {
        let document = HTMLDocument(html: "<ul><li>one<li>two <b>bold</ul><p>a<p>b<br>c<script>if (a < b) { x = '</div>' }</script><img src=x>")
        let items = document.elements(["li"])
        #expect(items.map { document.text($0) } == ["one", "two bold"])
        let paragraphs = document.elements(["p"])
        #expect(paragraphs.map { document.text($0, keepLines: true) } == ["a", "b\nc"])
        #expect(document.elements(["img"]).count == 1)
        #expect(document.text(0) == "one two bold a b c")
    }

    @Test func attributesInEveryQuotingWithEntities() {
        let document = HTMLDocument(html: #"<div class="a  B" id=main data-x='1 > 0' title="Tom &amp; Jerry" hidden>x</div>"#)
        let div = document.elements(["div"])[0]
        #expect(document.classes(div) == ["a", "b"])
        #expect(document.attribute("id", of: div) == "main")
        #expect(document.attribute("data-x", of: div) == "1 > 0")
        #expect(document.attribute("title", of: div) == "Tom & Jerry")
        #expect(HTMLDocument.isHidden(document.nodes[div]))
    }

    @Test func strayEndTagsCommentsAndCellsInARow() {
        let document = HTMLDocument(html: "</span><!-- <li>no</li> --><table><tr><td>20 g<td>oil</tr><tr><th>1<th>egg</table></div>")
        #expect(document.elements(["li"]).isEmpty)
        #expect(document.elements(["tr"]).map { document.text($0) } == ["20 g oil", "1 egg"])
    }

    @Test func hostileInputNeverCrashesAndStaysQuick() {
        let deep = String(repeating: "<div>", count: 50_000) + "deep" + String(repeating: "</div>", count: 10)
        let unclosed = String(repeating: "<li><p><table><tr><td>", count: 5_000)
        let brackets = String(repeating: "<<>><</ ><a <b =\"", count: 5_000)
        var generator = SystemRandomNumberGenerator()
        let noise = String(decoding: (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }, as: UTF8.self)
        let pieces = ["<", ">", "</", "li", "ul", "p", " class=\"ingredients\"", "\"", "'", "=", "&amp;", "&#", ";", "<!--", "-->", "script", "h2", "Ingredients", "1 cup", "\n"]
        let longList = "<h2>Ingredients</h2><ul class=\"ingredients\">" + String(repeating: "<li class=\"ingredient-list\">1 cup<li><ul><li>x</ul>", count: 5_000) + "</ul><h2>Method</h2>" + String(repeating: "<p>Stir.</p>", count: 5_000)
        let shuffled = (0..<50_000).map { _ in pieces.randomElement(using: &generator)! }.joined()
        let start = Date()
        for html in [deep, unclosed, brackets, noise, shuffled, longList, "", "<", "<!--", "<script>", "<a href=\"", "&#xFFFFFFFF;&#0;&#55296;"] {
            let document = HTMLDocument(html: html)
            _ = document.text(0, keepLines: true)
            _ = KitchenPageReader.read(html: html)
        }
        // A guard against a reader gone quadratic (minutes), not a speed target: generous for a loaded machine.
        #expect(Date().timeIntervalSince(start) < 120)
        let document = HTMLDocument(html: deep)
        #expect(document.text(0) == "deep")
    }
}
