package media

func probeWebM(rd *reader, _ []byte) (Facts, error) {
	return Facts{}, errAt(CodeUnrecognized, 0, "WebM is not read yet")
}

func probePDF(rd *reader, _ []byte) (Facts, error) {
	return Facts{}, errAt(CodeUnrecognized, 0, "PDF is not read yet")
}
