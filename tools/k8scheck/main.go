// k8scheck builds kustomize directories offline and decodes every object it yields strictly against the
// Kubernetes API types (client-go's scheme) and the Prometheus Operator's types, so an unknown or misspelt
// field, a wrong type or an unknown kind fails. It prints {"<dir>": [objects as JSON], ...} on stdout and
// exits 1 with every problem on stderr.
//
//	k8scheck k8s/base k8s/overlays/dev k8s/overlays/prod
package main

import (
	"encoding/json"
	"fmt"
	"os"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	"k8s.io/apimachinery/pkg/runtime"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

func newScheme() (*runtime.Scheme, error) {
	s := runtime.NewScheme()
	if err := scheme.AddToScheme(s); err != nil {
		return nil, err
	}
	if err := monitoringv1.AddToScheme(s); err != nil {
		return nil, err
	}
	return s, nil
}

// check builds one kustomization and decodes its objects; it returns them and the problems found.
func check(dir string, decoder runtime.Decoder) ([]json.RawMessage, []string) {
	options := krusty.MakeDefaultOptions()
	resources, err := krusty.MakeKustomizer(options).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, []string{fmt.Sprintf("%s: kustomize build: %v", dir, err)}
	}
	var objects []json.RawMessage
	var problems []string
	for _, resource := range resources.Resources() {
		raw, err := resource.MarshalJSON()
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %s: %v", dir, resource.CurId(), err))
			continue
		}
		objects = append(objects, raw)
		// Strict: unknown and duplicate fields are errors, not silently dropped.
		if _, _, err := decoder.Decode(raw, nil, nil); err != nil {
			problems = append(problems, fmt.Sprintf("%s: %s %s: %v", dir, resource.GetKind(), resource.GetName(), err))
		}
	}
	return objects, problems
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: k8scheck <kustomization dir>...")
		os.Exit(2)
	}
	s, err := newScheme()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	decoder := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, s, s, kjson.SerializerOptions{Strict: true})
	built := map[string][]json.RawMessage{}
	failed := false
	for _, dir := range os.Args[1:] {
		objects, problems := check(dir, decoder)
		built[dir] = objects
		for _, problem := range problems {
			fmt.Fprintln(os.Stderr, problem)
			failed = true
		}
	}
	out, err := json.Marshal(built)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println(string(out))
	if failed {
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "k8scheck: %d kustomization(s) build and decode strictly\n", len(os.Args)-1)
}
