import PackagePlugin

/// Generates the wide-store suite's models (`WideModels+Generated.swift`: 1, 10, 100 and 1,000
/// properties in three implementations) into the build directory before TrellisBenchmarks
/// compiles, by running the `GenerateWideModels` tool. The output depends only on the tool, so
/// SwiftPM runs it again only when the tool changes.
@main
struct WideModels: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "WideModels+Generated.swift")
    let tool = try context.tool(named: "GenerateWideModels")
    return [
      .buildCommand(
        displayName: "Generating the wide-store models",
        executable: tool.url,
        arguments: [output.path(percentEncoded: false)],
        inputFiles: [tool.url],
        outputFiles: [output])
    ]
  }
}
