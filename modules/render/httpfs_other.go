//go:build !js

package render

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// httpClient fetches HTTPFS's files outside the browser.
var httpClient = &http.Client{Timeout: time.Minute}

// fetch gets u with net/http.
func fetch(u string) ([]byte, error) {
	if p, err := url.Parse(u); err != nil || p.Scheme != "http" && p.Scheme != "https" || p.Host == "" {
		return nil, fmt.Errorf("not an absolute http:// or https:// URL; set HTTPFS.Base to one, such as \"http://127.0.0.1:8080/assets/\"")
	}
	resp, err := httpClient.Get(u)
	if ue, ok := err.(*url.Error); ok {
		err = ue.Err // the PathError names the URL already
	}
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return nil, &httpStatusError{code: resp.StatusCode, text: resp.Status}
	}
	return io.ReadAll(resp.Body)
}
