module github.com/gluekit/glue/deploy

go 1.25.0

require go.yaml.in/yaml/v3 v3.0.6
