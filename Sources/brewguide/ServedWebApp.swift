import BrewServe
import Cgd
import Foundation

/// The web app `serve` adds to the journal (`WebApp`): its name, the site's accent colour, and a
/// cup drawn by libgd at each size the phones ask for, encoded as PNG by libgd.
enum ServedWebApp {
    /// The accent and background of Templates/assets/style.css (light).
    static let themeColour = (hex: "#8a3b12", red: Int32(0x8a), green: Int32(0x3b), blue: Int32(0x12))
    static let backgroundColour = "#fdfaf6"

    static func make(scripts: [String: Data] = [:]) -> WebApp {
        var icons: [Int: Data] = [:]
        for side in [WebApp.touchIconSide, 192, 512] { icons[side] = cup(side: side) }
        var app = WebApp(name: "brewguide journal", shortName: "Journal", themeColour: themeColour.hex, backgroundColour: backgroundColour,
                         pngIcons: icons, favicon: icoHolding(cup(side: 32), side: 32))
        app.scripts = scripts
        return app
    }

    /// A white cup on its saucer on the accent colour, `side` pixels square, as PNG.
    static func cup(side: Int) -> Data {
        let s = Int32(side)
        guard let image = gdImageCreateTrueColor(s, s) else { return Data() }
        defer { gdImageDestroy(image) }
        let accent = gdImageColorAllocate(image, themeColour.red, themeColour.green, themeColour.blue)
        let white = gdImageColorAllocate(image, 255, 255, 255)
        func at(_ fraction: Double) -> Int32 { Int32((Double(side) * fraction).rounded()) }
        gdImageFilledRectangle(image, 0, 0, s - 1, s - 1, accent)
        // The cup's body, its rounded foot, the handle and the saucer.
        gdImageFilledRectangle(image, at(0.24), at(0.36), at(0.64), at(0.64), white)
        gdImageFilledEllipse(image, at(0.44), at(0.64), at(0.40), at(0.22), white)
        gdImageSetThickness(image, max(2, at(0.05)))
        gdImageArc(image, at(0.66), at(0.50), at(0.18), at(0.20), 270, 90, white)
        gdImageSetThickness(image, 1)
        gdImageFilledRectangle(image, at(0.16), at(0.80), at(0.74), at(0.84), white)
        var size: Int32 = 0
        guard let png = gdImagePngPtr(image, &size) else { return Data() }
        defer { gdFree(png) }
        return Data(bytes: png, count: Int(size))
    }

    /// An ICO file holding one PNG image (as ICO allows since Windows Vista, and browsers read).
    static func icoHolding(_ png: Data, side: Int) -> Data {
        var ico = Data()
        func append16(_ value: Int) { ico.append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
        func append32(_ value: Int) { append16(value & 0xFFFF); append16(value >> 16 & 0xFFFF) }
        append16(0); append16(1); append16(1)               // reserved, type 1 (icon), one image
        ico.append(contentsOf: [UInt8(side & 0xFF), UInt8(side & 0xFF), 0, 0]) // width, height (0 means 256), no palette
        append16(1); append16(32)                           // planes, bits per pixel
        append32(png.count); append32(6 + 16)               // the image's size and where it starts
        ico.append(png)
        return ico
    }
}
