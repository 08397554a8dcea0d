export const NS = {
  imscp: 'http://www.imsglobal.org/xsd/imscp_v1p1',
  imscp12: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_v1p3',
  adlcp12: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
  adlseq: 'http://www.adlnet.org/xsd/adlseq_v1p3',
  adlnav: 'http://www.adlnet.org/xsd/adlnav_v1p3',
  imsss: 'http://www.imsglobal.org/xsd/imsss',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xml: 'http://www.w3.org/XML/1998/namespace',
  lom: 'http://ltsc.ieee.org/xsd/LOM',
  imsmd12: 'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1',
} as const;
