<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="shapes" tilewidth="8" tileheight="8" tilecount="8" columns="4">
 <image source="../tiles/ground.png" width="32" height="16"/>
 <tile id="0">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0" width="8" height="8"/>
  </objectgroup>
 </tile>
 <tile id="1">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="4" width="8" height="4"/>
  </objectgroup>
 </tile>
 <tile id="2">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="8">
    <polygon points="0,0 8,-8 8,0"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="3">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0" width="4" height="4"/>
   <object id="2" x="4" y="4" width="4" height="4"/>
  </objectgroup>
 </tile>
 <tile id="4">
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="0" width="8" height="8">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="5">
  <objectgroup draworder="index" id="2">
   <object id="1" x="8" y="0" width="8" height="4" rotation="90"/>
  </objectgroup>
 </tile>
 <tile id="6">
  <animation>
   <frame tileid="6" duration="300"/>
   <frame tileid="7" duration="200"/>
  </animation>
 </tile>
</tileset>
