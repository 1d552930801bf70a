module github.com/gluekit/glue/deploy

go 1.25.0

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	go.yaml.in/yaml/v3 v3.0.6
)

require golang.org/x/text v0.14.0 // indirect
