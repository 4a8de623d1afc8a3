/// The default templates and assets, compiled into the binary from `Templates/` (its `files` are
/// generated during the build by `Scripts/embed-templates.sh`), so that a copied or installed
/// `brewguide` needs no folder beside it.
public enum BuiltInTemplates {}

/// Facts about the build itself (its `commit` is generated before each build by `Scripts/build-info.sh`).
public enum BuildInfo {}
