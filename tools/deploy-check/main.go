// deploy-check validates the Dockerfile and docker-compose.yml without Docker, with the libraries Docker
// itself uses: BuildKit's Dockerfile parser and its linter rules (those of `docker build --check` that run while parsing) and compose-go's
// loader (schema and semantics, what `docker compose config` runs). On top it checks pmbok's own rules:
// every image target runs as a non-root user with a health check, every compose service has a health check
// or depends on healthy ones and pins its image, and the engines keep their data in volumes.
//
//	go run ./tools/deploy-check -dockerfile Dockerfile -compose docker-compose.yml
//
// It prints one line per problem and exits 1 when there is any.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
	"github.com/moby/buildkit/frontend/dockerfile/instructions"
	"github.com/moby/buildkit/frontend/dockerfile/linter"
	"github.com/moby/buildkit/frontend/dockerfile/parser"
)

var problems []string

func problem(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

func main() {
	dockerfile := flag.String("dockerfile", "Dockerfile", "the Dockerfile to check")
	composeFile := flag.String("compose", "docker-compose.yml", "the compose file to check")
	targets := flag.String("targets", "service,gateway,embedded", "image targets that must be runnable")
	flag.Parse()

	stages := checkDockerfile(*dockerfile, strings.Split(*targets, ","))
	checkCompose(*composeFile, stages)

	for _, p := range problems {
		fmt.Println(p)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
	fmt.Printf("deploy-check: %s and %s are valid\n", *dockerfile, *composeFile)
}

func checkDockerfile(path string, targets []string) map[string]bool {
	data, err := os.ReadFile(path)
	if err != nil {
		problem("%s: %v", path, err)
		return nil
	}
	ast, err := parser.Parse(bytes.NewReader(data))
	if err != nil {
		problem("%s: %v", path, err)
		return nil
	}
	for _, warning := range ast.Warnings {
		line := 0
		if warning.Location != nil {
			line = warning.Location.Start.Line
		}
		problem("%s:%d: %s", path, line, warning.Short)
	}
	// BuildKit's linter with every rule, experimental ones included, that applies while parsing (the rules
	// `docker build --check` runs before it resolves base images).
	lint := linter.New(&linter.Config{
		ExperimentalAll: true,
		Warn: func(rule, description, url, message string, location []parser.Range) {
			line := 0
			if len(location) > 0 {
				line = location[0].Start.Line
			}
			problem("%s:%d: %s: %s", path, line, rule, message)
		},
	})
	stages, _, err := instructions.Parse(ast.AST, lint)
	if err != nil {
		problem("%s: %v", path, err)
		return nil
	}
	byName := map[string]instructions.Stage{}
	for _, stage := range stages {
		byName[strings.ToLower(stage.Name)] = stage
	}
	// What a target inherits: its own commands after those of the stages it is built FROM.
	var chain func(name string) []instructions.Command
	chain = func(name string) []instructions.Command {
		stage, ok := byName[name]
		if !ok {
			return nil
		}
		return append(chain(strings.ToLower(stage.BaseName)), stage.Commands...)
	}
	names := map[string]bool{}
	for _, target := range targets {
		names[target] = true
		if _, ok := byName[target]; !ok {
			problem("%s: no target %q", path, target)
			continue
		}
		user, health, cmd := "", false, false
		for _, command := range chain(target) {
			switch c := command.(type) {
			case *instructions.UserCommand:
				user = c.User
			case *instructions.HealthCheckCommand:
				health = c.Health != nil && len(c.Health.Test) > 0 && c.Health.Test[0] != "NONE"
			case *instructions.CmdCommand:
				cmd = true
			}
		}
		if user == "" || user == "root" || user == "0" || strings.HasPrefix(user, "0:") || strings.HasPrefix(user, "root:") {
			problem("%s: target %q runs as root (add USER)", path, target)
		}
		if !health {
			problem("%s: target %q has no HEALTHCHECK", path, target)
		}
		if !cmd {
			problem("%s: target %q has no CMD", path, target)
		}
	}
	return names
}

// pinned tells whether an image reference names a version: a digest, or a tag other than latest (a registry's
// port, before the last slash, is no tag).
func pinned(image string) bool {
	if strings.Contains(image, "@sha256:") {
		return true
	}
	name := image[strings.LastIndex(image, "/")+1:]
	at := strings.LastIndex(name, ":")
	return at > 0 && at < len(name)-1 && name[at+1:] != "latest"
}

func checkCompose(path string, targets map[string]bool) {
	options, err := cli.NewProjectOptions([]string{path},
		cli.WithWorkingDirectory(filepath.Dir(path)),
		cli.WithName("pmbok"),
		cli.WithProfiles([]string{"*"}),
	)
	if err != nil {
		problem("%s: %v", path, err)
		return
	}
	// Schema validation, interpolation, and the semantic checks (depends_on targets, volumes, networks).
	project, err := cli.ProjectFromOptions(context.Background(), options)
	if err != nil {
		problem("%s: %v", path, err)
		return
	}
	for name, service := range project.Services {
		if service.Build != nil && targets != nil && !targets[service.Build.Target] {
			problem("%s: service %q builds target %q, which the Dockerfile does not have", path, name, service.Build.Target)
		}
		healthy := service.HealthCheck != nil && !service.HealthCheck.Disable
		// A service built from our Dockerfile carries the image's HEALTHCHECK.
		if service.Build != nil && targets[service.Build.Target] {
			healthy = true
		}
		if !healthy {
			problem("%s: service %q has no health check", path, name)
		}
		for dependency, condition := range service.DependsOn {
			if condition.Condition != types.ServiceConditionHealthy && condition.Condition != types.ServiceConditionCompletedSuccessfully {
				problem("%s: service %q waits for %q only to start (use condition: service_healthy)", path, name, dependency)
			}
		}
		if service.Image != "" && service.Build == nil && strings.HasSuffix(service.Image, ":latest") {
			problem("%s: service %q uses a :latest image (pin a version)", path, name)
		} else if !pinned(service.Image) {
			problem("%s: service %q does not pin its image (name a version tag or a digest)", path, name)
		}
	}
	for _, engine := range []string{"kafka", "nats", "mongo"} {
		service, ok := project.Services[engine]
		if !ok {
			service, ok = project.DisabledServices[engine]
		}
		if !ok {
			problem("%s: no %q service", path, engine)
			continue
		}
		named := false
		for _, volume := range service.Volumes {
			if volume.Type == types.VolumeTypeVolume {
				named = true
			}
		}
		if !named {
			problem("%s: service %q keeps its data outside a named volume", path, engine)
		}
	}
}
