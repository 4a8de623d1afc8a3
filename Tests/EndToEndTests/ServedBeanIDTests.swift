@testable import brewguide
import Foundation
import Testing

/// The phone's "Save this brew" sends the bag chosen as `bean-id`, which `log --bean-id` takes.
@Suite struct ServedBeanIDTests {
    @Test func theFormsBeanIDIsTheLogsBag() throws {
        #expect(ServedLogWrite.fields.contains("bean-id"))
        let request = try ServedLogWrite.request(from: ["recipe": "v60-starter", "rating": "4", "bean-id": " bean-kenya "]).get()
        #expect(request.beanId == "bean-kenya")
        let none = try ServedLogWrite.request(from: ["recipe": "v60-starter", "rating": "4", "bean-id": ""]).get()
        #expect(none.beanId == nil, "no bag chosen names none")
    }
}
