/// Minimal but real Hugo layouts: a base page with a header and navigation, a log page with
/// its fields in a table and the note rendered, a recipe page with its steps, paginated lists
/// (sections and taxonomy terms) and the term indexes.
enum HugoLayouts {
    static let files: [GeneratedFile] = [
        GeneratedFile(path: "layouts/_default/baseof.html", text: baseof),
        GeneratedFile(path: "layouts/_default/single.html", text: single),
        GeneratedFile(path: "layouts/_default/list.html", text: list),
        GeneratedFile(path: "layouts/_default/terms.html", text: terms),
        GeneratedFile(path: "layouts/logs/single.html", text: logSingle),
        GeneratedFile(path: "layouts/recipes/single.html", text: recipeSingle),
        GeneratedFile(path: "layouts/index.html", text: home),
        GeneratedFile(path: "static/style.css", text: "body{font-family:system-ui,sans-serif;max-width:48rem;margin:auto}table{border-collapse:collapse}td,th{padding:.2rem .5rem;border-bottom:1px solid #ddd;text-align:left}\n"),
    ]

    static let baseof = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{ .Title }} · {{ .Site.Title }}</title>
        <link rel="stylesheet" href="{{ "style.css" | relURL }}">
        </head>
        <body>
        <header><nav>
          <a href="{{ "/" | relURL }}">{{ .Site.Title }}</a> ·
          <a href="{{ "/logs/" | relURL }}">Brews</a> ·
          <a href="{{ "/recipes/" | relURL }}">Recipes</a> ·
          <a href="{{ "/by-month/" | relURL }}">Months</a> ·
          <a href="{{ "/by-rating/" | relURL }}">Ratings</a> ·
          <a href="{{ "/by-tag/" | relURL }}">Taste tags</a>
        </nav></header>
        <main>
        {{ block "main" . }}{{ end }}
        </main>
        <footer><p>Brew journal</p></footer>
        </body>
        </html>

        """

    static let single = """
        {{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}

        """

    static let logSingle = """
        {{ define "main" }}
        <article>
        <h1>{{ .Title }}</h1>
        <table>
        <tr><th>Brewed</th><td>{{ .Date.Format "2006-01-02 15:04" }} UTC</td></tr>
        <tr><th>Recipe</th><td>{{ with .Params.recipeId }}<a href="{{ printf "/recipes/%s/" . | relURL }}">{{ $.Params.recipeName }}</a>{{ else }}{{ .Params.recipeName }} (deleted recipe){{ end }}</td></tr>
        <tr><th>Dose</th><td>{{ .Params.dose }} g</td></tr>
        <tr><th>Target yield</th><td>{{ .Params.yield }} g</td></tr>
        <tr><th>Water</th><td>{{ .Params.temperature }} °C</td></tr>
        <tr><th>Grind</th><td>{{ .Params.grind }}</td></tr>
        <tr><th>Rating</th><td><a href="{{ printf "/by-rating/%v/" .Params.rating | relURL }}">{{ .Params.rating }} of 5</a></td></tr>
        <tr><th>Taste</th><td>{{ with .Params.tasteTag }}<a href="{{ printf "/by-tag/%s/" (lower .) | relURL }}">{{ . }}</a>{{ else }}tasted right{{ end }}</td></tr>
        </table>
        {{ with .Content }}<section class="note"><h2>Note</h2>{{ . }}</section>{{ end }}
        <nav>{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">← {{ .Title }}</a>{{ end }} {{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }} →</a>{{ end }}</nav>
        </article>
        {{ end }}

        """

    static let recipeSingle = """
        {{ define "main" }}
        <article>
        <h1>{{ .Title }}</h1>
        <table>
        <tr><th>Dose</th><td>{{ .Params.dose }} g</td></tr>
        <tr><th>Yield</th><td>{{ .Params.yield }} g</td></tr>
        <tr><th>Water</th><td>{{ .Params.temperature }} °C</td></tr>
        <tr><th>Grind</th><td>{{ .Params.grind }} ({{ .Params.grindDescriptor }})</td></tr>
        </table>
        <h2>Steps</h2>
        <table>
        <tr><th>Step</th><th>Kind</th><th>Water</th><th>Clock</th><th>Instruction</th></tr>
        {{ range .Params.steps }}<tr><td>{{ .stepId }}</td><td>{{ .kind }}</td><td>{{ with .waterAmountGrams }}{{ . }} g{{ end }}</td><td>{{ with .targetElapsedSeconds }}{{ . }} s{{ end }}{{ with .durationSeconds }}{{ . }} s{{ end }}</td><td>{{ .instructionText }}</td></tr>
        {{ end }}</table>
        <p><a href="{{ printf "/by-recipe/%s/" .Params.recipeId | relURL }}">Brews of this recipe</a></p>
        {{ .Content }}
        </article>
        {{ end }}

        """

    static let list = """
        {{ define "main" }}
        <h1>{{ .Title }}</h1>
        {{ $pager := .Paginate .Pages 50 }}
        <table>
        <tr><th>Brewed</th><th>Recipe</th><th>Rating</th><th>Taste</th></tr>
        {{ range $pager.Pages }}<tr><td><a href="{{ .RelPermalink }}">{{ if .Date.IsZero }}{{ .Title }}{{ else }}{{ .Date.Format "2006-01-02 15:04" }}{{ end }}</a></td><td>{{ .Params.recipeName }}</td><td>{{ .Params.rating }}</td><td>{{ .Params.tasteTag }}</td></tr>
        {{ end }}</table>
        {{ template "_internal/pagination.html" . }}
        {{ end }}

        """

    static let terms = """
        {{ define "main" }}
        <h1>{{ .Title }}</h1>
        <ul>{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>{{ end }}</ul>
        {{ end }}

        """

    static let home = """
        {{ define "main" }}
        <h1>{{ .Site.Title }}</h1>
        {{ $logs := where .Site.RegularPages "Section" "logs" }}
        <p>{{ len $logs }} brews.</p>
        <h2>Latest</h2>
        <ul>{{ range first 10 $logs }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>
        {{ end }}

        """
}
