// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "brewguide",
    // macOS 15 for Synchronization.Mutex (BrewKit's Locked); Linux has it with Swift 6.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "brewguide", targets: ["brewguide"]),
        .library(name: "BrewKit", targets: ["BrewKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // The config file (~/.config/brewguide/config.toml): toml++ under a Swift face.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // libcmark from the system (Debian: libcmark-dev).
        .systemLibrary(
            name: "Ccmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // SHA-256 from the system's libcrypto (Debian: libssl-dev), for the export archive's checksum.
        // swift-crypto would compile BoringSSL from source: 362 C and C++ files on every clean build.
        .systemLibrary(
            name: "Clibcrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        // TLS and certificates for `serve --https` from the system's OpenSSL (Debian: libssl-dev, as
        // Clibcrypto): libssl on top of the libcrypto already linked, so no C is compiled.
        .systemLibrary(
            name: "Clibssl",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        // zlib from the system (Debian: zlib1g-dev): saved pages and app exports read as gzip in-process.
        .systemLibrary(
            name: "Czlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // libgd from the system (Debian: libgd-dev): a clipped photo's small copy for the recipe grid.
        .systemLibrary(
            name: "Cgd",
            pkgConfig: "gdlib",
            providers: [.apt(["libgd-dev"]), .brew(["gd"])]
        ),
        // One Linux system call Glibc's Swift module does not show: renameat2's exchange.
        .target(name: "CLinux"),
        // The domain: models, validation, brew plans, statistics. No I/O.
        .target(name: "BrewKit"),
        // What the binary carries with it: the default templates and assets of Templates/ and the
        // commit it was built from, both generated during the build (docs/ARCHITECTURE.md, "One binary").
        .target(name: "BrewBuiltIns", plugins: ["EmbedBuiltIns"]),
        .plugin(name: "EmbedBuiltIns", capability: .buildTool()),
        // The data directory: located JSON and CSV readers, writers.
        .target(
            name: "BrewData",
            dependencies: [
                "BrewKit",
                .product(name: "CSV", package: "CSV.swift"),
                "Clibcrypto",
                // The zlib stream loop that gzip (BrewClip) and the search index (BrewSite) share.
                "Czlib",
                // Beanconqueror's backup .zip (import-brews); zlib from the system (zlib1g-dev).
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // Recipes from outside the data directory: web pages (fetched, saved or pasted), captions
        // and other apps' exports, read into `ClippedRecipe`s and written as kitchen recipes.
        .target(
            name: "BrewClip",
            dependencies: [
                "BrewKit", "BrewData", "Czlib", "Cgd",
                // Recipe apps' exports are zips (Paprika, Mealie, Tandoor, Nextcloud).
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // Pages: page models, Mustache, Markdown via cmark, SVG, the site writer; zlib packs the
        // search index's files (RawDeflate, on BrewData's ZlibStream).
        .target(
            name: "BrewSite",
            dependencies: ["BrewKit", "BrewData", "BrewBuiltIns", "Ccmark", "CLinux", "Czlib", .product(name: "Mustache", package: "swift-mustache")]
        ),
        // The preview server behind `serve`: static files, live reload, the error overlay, TLS.
        // Kept apart so the core never links an HTTP server. Its bounded HTTP/1.1 reader is
        // ours, on FlyingSocks (FlyingFox's socket layer); docs/ARCHITECTURE.md says why.
        .target(
            name: "BrewServe",
            dependencies: [
                // The live-reload script's built-in copy (Templates/assets/served/live-reload.js).
                "BrewBuiltIns",
                .product(name: "FlyingSocks", package: "FlyingFox"),
                // `serve --https`: the certificate authority, server certificates and TLS.
                "Clibssl",
            ]
        ),
        // Watch mode: inotify (Linux) or polling, coalesced into batches of changed paths.
        .target(name: "BrewWatch"),
        .executableTarget(
            name: "brewguide",
            dependencies: [
                "BrewKit", "BrewData", "BrewClip", "BrewSite", "BrewWatch", "BrewServe", "BrewBuiltIns",
                // libgd draws the served web app's icons (ServedWebApp), as it makes the grid's photos.
                "Cgd",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            // jemalloc (Debian: libjemalloc-dev) in place of glibc's malloc: a build makes and
            // frees millions of small strings and cmark nodes on two threads, and spends a fifth
            // less CPU with it (Benchmarks/RESULTS.md).
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
        ),
        // The benchmark of issue 8: synthetic data, timings, the Hugo comparison (Benchmarks/README.md).
        .executableTarget(
            name: "brewbench",
            // BrewKit for `Locked` only: the benchmark runs brewguide as a process, not its code.
            dependencies: ["BrewKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // What the test targets share: a seeded random generator, the paths tests use
        // (the package root, the test journal Tests/Fixtures/Data, temporary folders) and images made by libgd.
        .target(name: "TestSupport", dependencies: ["Cgd"], path: "Tests/TestSupport"),
        .testTarget(
            name: "BrewKitTests",
            dependencies: ["BrewKit", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "BrewDataTests",
            dependencies: ["BrewKit", "BrewData", "BrewClip", "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                           .product(name: "CSV", package: "CSV.swift"),
                           .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["Fixtures"]),
        .testTarget(name: "BrewSiteTests", dependencies: ["BrewKit", "BrewData", "BrewSite", "BrewBuiltIns", "BrewClip", "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")], exclude: ["Golden"]),
        // BrewData for the rule the command line passes the watcher: editor droppings are ignored.
        .testTarget(name: "BrewWatchTests", dependencies: ["BrewWatch", "BrewData", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["brewguide", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "BrewServeTests", dependencies: ["BrewServe", "TestSupport"]),
        .testTarget(name: "BrewBenchTests", dependencies: ["brewbench"]),
    ],
    swiftLanguageModes: [.v6]
)
